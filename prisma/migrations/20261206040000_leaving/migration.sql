-- AlterTable
ALTER TABLE "user" ADD COLUMN "deactivatedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "user_createdAt_id_idx" ON "user"("createdAt", "id");

-- CreateIndex
CREATE INDEX "source_ownerId_createdAt_idx" ON "source"("ownerId", "createdAt");

-- CreateTable
CREATE TABLE "deleted_account" (
    "id" TEXT NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creditedMicros" BIGINT NOT NULL DEFAULT 0,
    "balanceMicros" BIGINT NOT NULL DEFAULT 0,
    "reservedMicros" BIGINT NOT NULL DEFAULT 0,
    "chargedMicros" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "deleted_account_pkey" PRIMARY KEY ("id")
);

-- Accounting keeps the money rows of a deleted account, and nothing in them may name the person.
-- Whatever deletes a "user" row (the "Delete my account" route, an operator in psql), its ledger
-- entries and credit grants move, in the same statement, to a new tombstone with a fresh id (the
-- old account id appears in the audit log beside the email, so keeping it would name the person),
-- and lose their links to the chats and documents that are going. The wallet's totals are copied
-- onto the tombstone before the wallet row goes with the account.
CREATE FUNCTION user_money_rows_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tombstone TEXT;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entry WHERE "userId" = OLD.id)
     AND NOT EXISTS (SELECT 1 FROM credit_grant WHERE "userId" = OLD.id) THEN
    RETURN OLD;
  END IF;
  tombstone := 'deleted-' || gen_random_uuid()::text;
  INSERT INTO deleted_account (id, "creditedMicros", "balanceMicros", "reservedMicros", "chargedMicros")
  SELECT tombstone, COALESCE(w."creditedMicros", 0), COALESCE(w."balanceMicros", 0), COALESCE(w."reservedMicros", 0), COALESCE(w."chargedMicros", 0)
  FROM (SELECT 1) AS one LEFT JOIN wallet w ON w."userId" = OLD.id;
  UPDATE ledger_entry SET "userId" = tombstone, "chatId" = NULL, "documentId" = NULL, "messageId" = NULL WHERE "userId" = OLD.id;
  UPDATE credit_grant SET "userId" = tombstone WHERE "userId" = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER user_money_rows_kept BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION user_money_rows_kept();
