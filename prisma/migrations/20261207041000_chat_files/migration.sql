-- Files and images attached to chat messages (issue 32)
CREATE TABLE "chat_file" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "messageId" TEXT,
    "sourceId" TEXT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mediaType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "unit" TEXT NOT NULL DEFAULT 'paragraph',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_file_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chat_file_kind" CHECK ("kind" IN ('file', 'image')),
    CONSTRAINT "chat_file_size" CHECK ("size" = octet_length("bytes"))
);

CREATE TABLE "chat_file_part" (
    "fileId" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "chat_file_part_pkey" PRIMARY KEY ("fileId","number")
);

CREATE UNIQUE INDEX "chat_file_sourceId_key" ON "chat_file"("sourceId");
CREATE INDEX "chat_file_chatId_messageId_idx" ON "chat_file"("chatId", "messageId");
CREATE INDEX "chat_file_ownerId_createdAt_idx" ON "chat_file"("ownerId", "createdAt");
CREATE INDEX "chat_file_part_chatId_idx" ON "chat_file_part"("chatId");
-- later turns recall a file's parts as they recall older messages (lib/chat/files/recall-file-parts.ts)
CREATE INDEX "chat_file_part_search_idx" ON "chat_file_part" USING GIN (to_tsvector('simple', "text"));

ALTER TABLE "chat_file" ADD CONSTRAINT "chat_file_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- an edit drops the message and what was attached to it
ALTER TABLE "chat_file" ADD CONSTRAINT "chat_file_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- a deleted document takes its sources, not the file the message keeps
ALTER TABLE "chat_file" ADD CONSTRAINT "chat_file_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "source"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chat_file_part" ADD CONSTRAINT "chat_file_part_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "chat_file"("id") ON DELETE CASCADE ON UPDATE CASCADE;
