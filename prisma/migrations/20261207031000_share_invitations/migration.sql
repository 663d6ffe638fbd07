-- A pending share's invitation mail carries a token; only its hash is kept, and the newest mail's replaces the last.
ALTER TABLE "pending_share" ADD COLUMN "tokenHash" TEXT;

CREATE UNIQUE INDEX "pending_share_tokenHash_key" ON "pending_share"("tokenHash");

-- The membership an invitation became keeps its token's hash: the invitee following the link again lands on the document.
ALTER TABLE "document_member" ADD COLUMN "invitationTokenHash" TEXT;

CREATE UNIQUE INDEX "document_member_invitationTokenHash_key" ON "document_member"("invitationTokenHash");
