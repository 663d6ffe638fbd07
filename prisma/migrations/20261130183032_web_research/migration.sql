-- AlterTable
ALTER TABLE "document_job" ADD COLUMN     "fetchMs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fetches" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "searches" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "fact" ADD COLUMN     "quote" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "source" ADD COLUMN     "fetchedAt" TIMESTAMP(3),
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'read';

-- CreateIndex
CREATE UNIQUE INDEX "source_documentId_url_key" ON "source"("documentId", "url");

-- a link is pending until research reads it, and a failed one always says why
ALTER TABLE "source" ADD CONSTRAINT "source_status_check" CHECK ("status" IN ('pending', 'read', 'failed') AND ("status" <> 'failed' OR "reason" IS NOT NULL));
