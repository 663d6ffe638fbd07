-- Rate limits count per account and per real client address: the counter's
-- subject is a key (`user:<id>`, `ip:<address>`), no longer only a user id.
ALTER TABLE "rate_counter" RENAME COLUMN "userId" TO "key";
UPDATE "rate_counter" SET "key" = 'user:' || "key";
