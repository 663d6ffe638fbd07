-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "user" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'user',
    "locale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "userId" TEXT NOT NULL,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "idToken" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshTokenExpiresAt" TIMESTAMP(3),
    "scope" TEXT,
    "password" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallet" (
    "userId" TEXT NOT NULL,
    "balanceMicros" BIGINT NOT NULL,
    "reservedMicros" BIGINT NOT NULL DEFAULT 0,
    "chargedMicros" BIGINT NOT NULL DEFAULT 0,
    "creditedMicros" BIGINT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wallet_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "credit_grant" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "grantedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entry" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "turnId" TEXT,
    "jobId" TEXT,
    "stepKey" TEXT,
    "chatId" TEXT,
    "documentId" TEXT,
    "messageId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'reserved',
    "reservedMicros" BIGINT NOT NULL DEFAULT 0,
    "chargedMicros" BIGINT NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ledger_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "model_call" (
    "id" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'reserved',
    "reservedMicros" BIGINT NOT NULL,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "reasoningTokens" INTEGER NOT NULL DEFAULT 0,
    "estimated" BOOLEAN NOT NULL DEFAULT false,
    "costMicros" BIGINT NOT NULL DEFAULT 0,
    "finishReason" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "model_call_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_counter" (
    "userId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "rate_counter_pkey" PRIMARY KEY ("userId","windowStart")
);

-- CreateTable
CREATE TABLE "chat" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "summary" TEXT,
    "summaryThroughId" TEXT,
    "summariesEnabled" BOOLEAN NOT NULL DEFAULT true,
    "liveTurnId" TEXT,
    "liveTurnStartedAt" TIMESTAMP(3),
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "chat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message" (
    "id" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'text',
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "model" TEXT,
    "finishReason" TEXT,
    "continuations" INTEGER NOT NULL DEFAULT 0,
    "turnId" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "reasoningTokens" INTEGER NOT NULL DEFAULT 0,
    "estimated" BOOLEAN NOT NULL DEFAULT false,
    "costMicros" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "meta" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "slot" (
    "id" TEXT NOT NULL,
    "chatId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "slot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "slot_change" (
    "id" TEXT NOT NULL,
    "slotId" TEXT NOT NULL,
    "value" TEXT,
    "source" TEXT NOT NULL,
    "messageId" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "slot_change_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "article" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "segmented" TEXT NOT NULL,

    CONSTRAINT "article_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_email_key" ON "user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "session_token_key" ON "session"("token");

-- CreateIndex
CREATE INDEX "session_userId_idx" ON "session"("userId");

-- CreateIndex
CREATE INDEX "account_userId_idx" ON "account"("userId");

-- CreateIndex
CREATE INDEX "verification_identifier_idx" ON "verification"("identifier");

-- CreateIndex
CREATE INDEX "credit_grant_userId_createdAt_idx" ON "credit_grant"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_turnId_key" ON "ledger_entry"("turnId");

-- CreateIndex
CREATE INDEX "ledger_entry_userId_createdAt_idx" ON "ledger_entry"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ledger_entry_chatId_idx" ON "ledger_entry"("chatId");

-- CreateIndex
CREATE INDEX "ledger_entry_documentId_idx" ON "ledger_entry"("documentId");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_jobId_stepKey_key" ON "ledger_entry"("jobId", "stepKey");

-- CreateIndex
CREATE INDEX "model_call_status_createdAt_idx" ON "model_call"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "model_call_entryId_seq_key" ON "model_call"("entryId", "seq");

-- CreateIndex
CREATE INDEX "chat_userId_lastMessageAt_idx" ON "chat"("userId", "lastMessageAt");

-- CreateIndex
CREATE INDEX "message_chatId_createdAt_idx" ON "message"("chatId", "createdAt");

-- CreateIndex
CREATE INDEX "message_status_idx" ON "message"("status");

-- CreateIndex
CREATE UNIQUE INDEX "slot_chatId_key_key" ON "slot"("chatId", "key");

-- CreateIndex
CREATE INDEX "slot_change_slotId_at_idx" ON "slot_change"("slotId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "article_slug_key" ON "article"("slug");

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account" ADD CONSTRAINT "account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "model_call" ADD CONSTRAINT "model_call_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "ledger_entry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat" ADD CONSTRAINT "chat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message" ADD CONSTRAINT "message_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "slot" ADD CONSTRAINT "slot_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "slot_change" ADD CONSTRAINT "slot_change_slotId_fkey" FOREIGN KEY ("slotId") REFERENCES "slot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invariants Prisma's schema language cannot state.
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_balance_nonnegative" CHECK ("balanceMicros" >= 0);
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_reserved_nonnegative" CHECK ("reservedMicros" >= 0);
ALTER TABLE "wallet" ADD CONSTRAINT "wallet_books_balance" CHECK ("creditedMicros" = "balanceMicros" + "reservedMicros" + "chargedMicros");
ALTER TABLE "model_call" ADD CONSTRAINT "model_call_cost_nonnegative" CHECK ("costMicros" >= 0 AND "reservedMicros" >= 0);
ALTER TABLE "message" ADD CONSTRAINT "message_status_known" CHECK ("status" IN ('complete', 'stopped', 'truncated', 'error', 'streaming'));
ALTER TABLE "chat" ADD CONSTRAINT "chat_status_known" CHECK ("status" IN ('open', 'closed', 'archived'));

-- Help-center full-text search over pre-segmented text ('simple' config: no stemming, any script).
CREATE INDEX "article_search_idx" ON "article" USING GIN (to_tsvector('simple', "segmented"));
