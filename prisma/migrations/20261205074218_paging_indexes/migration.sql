-- CreateIndex
CREATE INDEX "chat_lastMessageAt_id_idx" ON "chat"("lastMessageAt", "id");

-- CreateIndex
CREATE INDEX "ledger_entry_createdAt_id_idx" ON "ledger_entry"("createdAt", "id");

-- CreateIndex
CREATE INDEX "message_chatId_status_idx" ON "message"("chatId", "status");

-- CreateIndex
CREATE INDEX "message_chatId_model_idx" ON "message"("chatId", "model");

-- CreateIndex
CREATE INDEX "section_version_sectionId_createdAt_version_idx" ON "section_version"("sectionId", "createdAt", "version");
