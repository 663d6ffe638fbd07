-- AlterTable
ALTER TABLE "message" ADD COLUMN     "searchText" TEXT;

-- Recalling older messages of a chat by full-text search (the current message refers back to them).
-- Chinese text is stored pre-segmented in "searchText", other text is indexed as written.
CREATE INDEX "message_search_idx" ON "message" USING GIN (to_tsvector('simple', COALESCE("searchText", "text")));
