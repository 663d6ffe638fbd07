-- Branches instead of replacement (docs/chat.md "Branches"): a chat's messages form a tree.
-- parentId: the message this one follows (NULL for a first message); chosen: the sibling shown
-- among those with the same parent; onBranch: on the path from the chosen first message down
-- through chosen children, the one conversation the person sees. Every reader of a chat's history
-- (the pages, recall, summaries, export, search) filters by onBranch; only lib/chat/branches.ts
-- moves it, in one transaction with the chat locked.
ALTER TABLE "message" ADD COLUMN "parentId" TEXT;
ALTER TABLE "message" ADD COLUMN "chosen" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "message" ADD COLUMN "onBranch" BOOLEAN NOT NULL DEFAULT true;

-- today's chats are one line: each message follows the one before it in its chat
UPDATE "message" m SET "parentId" = o.previous
FROM (SELECT id, lag(id) OVER (PARTITION BY "chatId" ORDER BY "createdAt", id) AS previous FROM "message") o
WHERE o.id = m.id AND o.previous IS NOT NULL;

ALTER TABLE "message" ADD CONSTRAINT "message_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "message_parentId_createdAt_idx" ON "message"("parentId", "createdAt");
-- a chat's first messages (siblings when the first question was edited), without reading the chat
CREATE INDEX "message_first_idx" ON "message"("chatId", "createdAt") WHERE "parentId" IS NULL;

-- one shown sibling per parent (first messages share the NULL parent)
CREATE UNIQUE INDEX "message_chosen_sibling" ON "message"("chatId", COALESCE("parentId", '')) WHERE "chosen";

-- The end of the branch on screen: its newest message, and among messages written in the same instant
-- (a fixture's pairs, an import) the one no shown message follows. `newcomer`: the message being written,
-- never its own parent nor put under its own child (a question and its answer written in one statement).
CREATE FUNCTION message_branch_end(chat TEXT, newcomer TEXT) RETURNS TEXT LANGUAGE sql AS $$
  SELECT m."id" FROM "message" m
  WHERE m."chatId" = chat AND m."onBranch" AND m."id" <> newcomer AND m."parentId" IS DISTINCT FROM newcomer
    AND m."createdAt" = (SELECT max(x."createdAt") FROM "message" x
                         WHERE x."chatId" = chat AND x."onBranch" AND x."id" <> newcomer AND x."parentId" IS DISTINCT FROM newcomer)
  ORDER BY EXISTS (SELECT 1 FROM "message" c WHERE c."parentId" = m."id" AND c."onBranch"), m."id" DESC
  LIMIT 1
$$;

-- A message written without a parent follows the end of the branch on screen: every writer (a turn,
-- a document notice, an import, a test's fixture) appends to what the person sees without knowing
-- about the tree. The chat row is locked first, so two writers never pick the same end and fork.
CREATE FUNCTION message_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "chat" WHERE "id" = NEW."chatId" FOR NO KEY UPDATE;
  NEW."parentId" := message_branch_end(NEW."chatId", NEW."id");
  RETURN NEW;
END
$$;

CREATE TRIGGER message_parent BEFORE INSERT ON "message"
  FOR EACH ROW WHEN (NEW."parentId" IS NULL) EXECUTE FUNCTION message_parent();
