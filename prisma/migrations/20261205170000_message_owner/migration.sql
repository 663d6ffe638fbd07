-- Searching a person's chats: the full-text index alone finds every person's messages with the word
-- (thousands on a big server) and each must be read to learn whose it is. With the owner on the message,
-- PostgreSQL combines this index and the full-text one (a BitmapAnd) and reads only the person's hits.
ALTER TABLE "message" ADD COLUMN "userId" TEXT;

UPDATE "message" m SET "userId" = c."userId" FROM "chat" c WHERE c."id" = m."chatId";

CREATE INDEX "message_userId_idx" ON "message"("userId");

-- The owner is the chat's, always: the database copies it, so no writer (the app, an import, a seed) can
-- leave it out or get it wrong.
CREATE FUNCTION message_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."userId" := (SELECT "userId" FROM "chat" WHERE "id" = NEW."chatId");
  RETURN NEW;
END
$$;

CREATE TRIGGER message_owner BEFORE INSERT OR UPDATE OF "chatId" ON "message"
  FOR EACH ROW EXECUTE FUNCTION message_owner();

-- A chat that passes to another person takes its messages with it.
CREATE FUNCTION chat_owner_to_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "message" SET "userId" = NEW."userId" WHERE "chatId" = NEW."id";
  RETURN NEW;
END
$$;

CREATE TRIGGER chat_owner_to_messages AFTER UPDATE OF "userId" ON "chat"
  FOR EACH ROW WHEN (OLD."userId" IS DISTINCT FROM NEW."userId") EXECUTE FUNCTION chat_owner_to_messages();
