-- Comparing side-by-side answers (issue 31 item 3): each answer's time to its first word, and the answer
-- the person marked as the better one of its round
ALTER TABLE "message" ADD COLUMN "firstTokenMs" INTEGER;

CREATE TABLE "answer_preference" (
    "round" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "answer_preference_pkey" PRIMARY KEY ("round")
);

CREATE INDEX "answer_preference_updatedAt_idx" ON "answer_preference"("updatedAt");
CREATE INDEX "answer_preference_chatId_idx" ON "answer_preference"("chatId");
CREATE INDEX "answer_preference_messageId_idx" ON "answer_preference"("messageId");

ALTER TABLE "answer_preference" ADD CONSTRAINT "answer_preference_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "answer_preference" ADD CONSTRAINT "answer_preference_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- the marked answer is an answer of that chat, written in that round (a mark cannot point across chats or rounds)
CREATE FUNCTION answer_preference_matches() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "message" m
    WHERE m."id" = NEW."messageId" AND m."chatId" = NEW."chatId" AND m."role" = 'assistant' AND m."meta"->>'round' = NEW."round"
  ) THEN
    RAISE EXCEPTION 'answer_preference: message % is not an answer of round % in chat %', NEW."messageId", NEW."round", NEW."chatId"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "answer_preference_matches" BEFORE INSERT OR UPDATE ON "answer_preference"
  FOR EACH ROW EXECUTE FUNCTION answer_preference_matches();
