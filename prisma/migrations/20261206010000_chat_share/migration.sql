-- CreateTable
CREATE TABLE "chat_share" (
    "id" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "snapshotAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "chat_share_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_share_tokenHash_key" ON "chat_share"("tokenHash");

-- CreateIndex
CREATE INDEX "chat_share_chatId_idx" ON "chat_share"("chatId");

-- One active link per chat: a second Create while one is active is refused by the database, not by a race
CREATE UNIQUE INDEX "chat_share_active_chatId_key" ON "chat_share"("chatId") WHERE "revokedAt" IS NULL;

-- AddForeignKey
ALTER TABLE "chat_share" ADD CONSTRAINT "chat_share_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;
