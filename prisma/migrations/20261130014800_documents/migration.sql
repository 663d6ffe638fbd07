-- CreateTable
CREATE TABLE "document" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "chatId" TEXT,
    "request" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "type" TEXT,
    "model" TEXT NOT NULL,
    "sectionCount" INTEGER,
    "allowPublicSources" BOOLEAN NOT NULL DEFAULT false,
    "summary" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_member" (
    "documentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_member_pkey" PRIMARY KEY ("documentId","userId")
);

-- CreateTable
CREATE TABLE "document_job" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "step" TEXT NOT NULL DEFAULT 'type',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 8,
    "runAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "fencingToken" INTEGER NOT NULL DEFAULT 0,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "researchRound" INTEGER NOT NULL DEFAULT 1,
    "researchRounds" INTEGER NOT NULL DEFAULT 2,
    "budgetMicros" BIGINT NOT NULL,
    "spentMicros" BIGINT NOT NULL DEFAULT 0,
    "sectionsDone" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedPostedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "document_job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "section" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "brief" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planned',
    "version" INTEGER NOT NULL DEFAULT 0,
    "body" TEXT NOT NULL DEFAULT '',
    "flags" JSONB,
    "summary" TEXT,
    "researchedRound" INTEGER NOT NULL DEFAULT 0,
    "writeAttempts" INTEGER NOT NULL DEFAULT 0,
    "claimToken" INTEGER,
    "leaseExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "section_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "section_version" (
    "id" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "authorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "section_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "documentId" TEXT,
    "chatId" TEXT,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "unit" TEXT NOT NULL DEFAULT 'paragraph',
    "url" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_paragraph" (
    "sourceId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "source_paragraph_pkey" PRIMARY KEY ("sourceId","number")
);

-- CreateTable
CREATE TABLE "fact" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "normalized" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_question" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "answer" TEXT,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "document_question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "documentId" TEXT,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_ownerId_createdAt_idx" ON "document"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "document_chatId_idx" ON "document"("chatId");

-- CreateIndex
CREATE INDEX "document_member_userId_idx" ON "document_member"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "document_job_documentId_key" ON "document_job"("documentId");

-- CreateIndex
CREATE INDEX "document_job_status_runAfter_idx" ON "document_job"("status", "runAfter");

-- CreateIndex
CREATE UNIQUE INDEX "section_documentId_position_key" ON "section"("documentId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "section_version_sectionId_version_key" ON "section_version"("sectionId", "version");

-- CreateIndex
CREATE INDEX "source_documentId_idx" ON "source"("documentId");

-- CreateIndex
CREATE INDEX "source_chatId_idx" ON "source"("chatId");

-- CreateIndex
CREATE INDEX "fact_sectionId_idx" ON "fact"("sectionId");

-- CreateIndex
CREATE UNIQUE INDEX "fact_documentId_sectionId_normalized_key" ON "fact"("documentId", "sectionId", "normalized");

-- CreateIndex
CREATE UNIQUE INDEX "document_question_documentId_position_key" ON "document_question"("documentId", "position");

-- CreateIndex
CREATE INDEX "notification_userId_createdAt_idx" ON "notification"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "notification_userId_documentId_kind_key" ON "notification"("userId", "documentId", "kind");

-- AddForeignKey
ALTER TABLE "document" ADD CONSTRAINT "document_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document" ADD CONSTRAINT "document_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "chat"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_member" ADD CONSTRAINT "document_member_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_member" ADD CONSTRAINT "document_member_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "section" ADD CONSTRAINT "section_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "section_version" ADD CONSTRAINT "section_version_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "section"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "source" ADD CONSTRAINT "source_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "source_paragraph" ADD CONSTRAINT "source_paragraph_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fact" ADD CONSTRAINT "fact_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fact" ADD CONSTRAINT "fact_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "section"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_question" ADD CONSTRAINT "document_question_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invariants Prisma's schema language cannot state.
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_status_known" CHECK ("status" IN ('queued', 'planning', 'awaiting_answers', 'researching', 'writing', 'finalizing', 'paused', 'done', 'cancelled', 'failed'));
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_step_known" CHECK ("step" IN ('type', 'plan', 'questions', 'research', 'write', 'finalize', 'done'));
ALTER TABLE "document_job" ADD CONSTRAINT "document_job_money_nonnegative" CHECK ("budgetMicros" >= 0 AND "spentMicros" >= 0);
ALTER TABLE "section" ADD CONSTRAINT "section_status_known" CHECK ("status" IN ('planned', 'ready', 'writing', 'written', 'flagged'));
-- a section being written is held by exactly one claim
ALTER TABLE "section" ADD CONSTRAINT "section_writing_is_claimed" CHECK (("status" = 'writing') = ("claimToken" IS NOT NULL));
ALTER TABLE "section_version" ADD CONSTRAINT "section_version_kind_known" CHECK ("kind" IN ('draft', 'manual', 'rewrite', 'restore'));
ALTER TABLE "document_member" ADD CONSTRAINT "document_member_role_known" CHECK ("role" IN ('reviewer', 'editor'));
ALTER TABLE "source" ADD CONSTRAINT "source_unit_known" CHECK ("unit" IN ('paragraph', 'page'));
-- the pipeline writes each section's first draft exactly once, whatever crashes in between
CREATE UNIQUE INDEX "section_version_one_draft" ON "section_version"("sectionId") WHERE "kind" = 'draft';
-- workers poll for claimable jobs only
CREATE INDEX "document_job_claimable_idx" ON "document_job"("runAfter") WHERE "status" IN ('queued', 'planning', 'researching', 'writing', 'finalizing');
