-- CreateTable
CREATE TABLE "rewrite_proposal" (
    "id" TEXT NOT NULL,
    "sectionId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "baseVersion" INTEGER NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "instruction" TEXT NOT NULL,
    "original" TEXT NOT NULL,
    "replacement" TEXT NOT NULL,
    "flags" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "rewrite_proposal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rewrite_proposal_sectionId_createdAt_idx" ON "rewrite_proposal"("sectionId", "createdAt");

-- AddForeignKey
ALTER TABLE "rewrite_proposal" ADD CONSTRAINT "rewrite_proposal_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "section"("id") ON DELETE CASCADE ON UPDATE CASCADE;
