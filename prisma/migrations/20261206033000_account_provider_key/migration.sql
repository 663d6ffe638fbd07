-- Every single sign-on looks the account up by the provider's subject: an index, and one row per subject even
-- when two first sign-ins of one person race (password accounts use the user id as accountId, so none collide)
CREATE UNIQUE INDEX "account_providerId_accountId_key" ON "account"("providerId", "accountId");
