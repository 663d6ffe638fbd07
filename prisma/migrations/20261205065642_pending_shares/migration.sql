-- AlterTable
ALTER TABLE "document_member" ADD COLUMN     "openedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "pending_share" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_share_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_share_email_idx" ON "pending_share"("email");

-- CreateIndex
CREATE UNIQUE INDEX "pending_share_documentId_email_key" ON "pending_share"("documentId", "email");

-- AddForeignKey
ALTER TABLE "pending_share" ADD CONSTRAINT "pending_share_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- same roles as a member's
ALTER TABLE "pending_share" ADD CONSTRAINT "pending_share_role_known" CHECK ("role" IN ('reviewer', 'editor'));
-- stored lower-cased, as account addresses are
ALTER TABLE "pending_share" ADD CONSTRAINT "pending_share_email_lower" CHECK ("email" = lower("email"));
-- members from before this change were already shown by name
UPDATE "document_member" SET "openedAt" = "createdAt";
