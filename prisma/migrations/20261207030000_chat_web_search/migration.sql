-- The person's per-chat switch for the web_search tool (PUBLIC_SOURCES=on must allow it too)
ALTER TABLE "chat" ADD COLUMN "webSearch" BOOLEAN NOT NULL DEFAULT true;

-- A chat turn's web_search work in the ledger, next to its model calls
ALTER TABLE "ledger_entry" ADD COLUMN "webSearches" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ledger_entry" ADD COLUMN "webPagesRead" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "chat_web_result" (
    "id" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "sources" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_web_result_pkey" PRIMARY KEY ("id"),
    -- a query is normalised and cut to 500 characters before it is stored
    CONSTRAINT "chat_web_result_query_length" CHECK (char_length("query") <= 500)
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_web_result_chatId_query_key" ON "chat_web_result"("chatId", "query");

-- CreateIndex
CREATE INDEX "chat_web_result_chatId_createdAt_idx" ON "chat_web_result"("chatId", "createdAt");

-- AddForeignKey
ALTER TABLE "chat_web_result" ADD CONSTRAINT "chat_web_result_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
