-- AlterTable
ALTER TABLE "chat" ADD COLUMN     "stopRequestedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "credit_grant" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "credit_grant_idempotencyKey_key" ON "credit_grant"("idempotencyKey");
