-- AlterTable
ALTER TABLE "user" ADD COLUMN     "inviteId" TEXT;

-- CreateTable
CREATE TABLE "invite" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "invite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invite_tokenHash_key" ON "invite"("tokenHash");

-- CreateIndex
CREATE INDEX "invite_createdAt_idx" ON "invite"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "user_inviteId_key" ON "user"("inviteId");

-- AddForeignKey
ALTER TABLE "user" ADD CONSTRAINT "user_inviteId_fkey" FOREIGN KEY ("inviteId") REFERENCES "invite"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invite" ADD CONSTRAINT "invite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An invite bound to an address stores it as sign-up compares it: lower case.
ALTER TABLE "invite" ADD CONSTRAINT "invite_email_lower_case" CHECK ("email" = lower("email"));
ALTER TABLE "invite" ADD CONSTRAINT "invite_expires_after_creation" CHECK ("expiresAt" > "createdAt");

-- Staff is granted once the owner of a listed address verifies it. Accounts that
-- got the role by signing up alone (before this rule) lose it until they verify.
UPDATE "user" SET "role" = 'user' WHERE "role" = 'staff' AND "emailVerified" = false;
