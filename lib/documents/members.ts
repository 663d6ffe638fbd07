import type { Db, Tx } from '@/lib/db/client';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { keysetSql, mapPage, takeOneMore, toPage, type PageRequest } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { documentSharedMail, shareInvitationMail } from '@/lib/mail/link-mail';
import type { Mailer } from '@/lib/mail/mailer';
import { rateRules, takeRateRules, type RateSubject } from '@/lib/rate-limit/rate-limit';

export type MemberRole = 'reviewer' | 'editor';

/** How a share reaches its recipient: the mailer, and the origin its links point at (none: no mail, as for other links). */
export interface ShareMailDeps {
  mailer: Pick<Mailer, 'post'>;
  origin: string | undefined;
  /** who is sharing, from which address: the share's rate limit */
  rate: RateSubject;
}

/** Shares (each a mail to an address of the owner's choosing) one person may make a minute. */
export const SHARES_PER_MINUTE = 20;
/** Addresses without an account one document may wait for at once: past it, revoke some first. */
export const MAX_PENDING_SHARES = 50;

/**
 * Shares the document with whoever holds `email`; sharing again changes the
 * role. The answer is the same whether or not an account uses the address, so
 * sharing tells nobody which addresses have accounts: an unknown address gets a
 * pending share, listed like a member, and an invitation mail whose link opens
 * the document for the account that holds the address (`acceptInvitation`). A
 * recipient with an account gets a mail and a notification (one per document:
 * sharing again renews it as unread) in the same transaction as their access.
 */
export async function shareDocument(
  db: Db,
  documentId: string,
  ownerId: string,
  rawEmail: string,
  role: MemberRole,
  /** the route's mail and rate limit; tests and seeds share without them */
  deps?: ShareMailDeps,
): Promise<{ userId: string; role: MemberRole }> {
  const email = rawEmail.trim().toLowerCase();
  if (deps) await takeRateRules(db, rateRules(deps.rate, SHARES_PER_MINUTE));
  const [owner, document, user] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { name: true, email: true } }),
    db.document.findUniqueOrThrow({ where: { id: documentId }, select: { title: true } }),
    db.user.findUnique({ where: { email }, select: { id: true } }),
  ]);
  if (email === owner.email.toLowerCase()) throw new AppError('bad_request', 'You already own this document.');
  const facts = { ownerName: owner.name, title: document.title || 'Untitled document', role };
  if (!user) {
    const waiting = await db.pendingShare.count({ where: { documentId, NOT: { email } } });
    if (waiting >= MAX_PENDING_SHARES)
      throw new AppError('conflict', `${MAX_PENDING_SHARES} invitations to this document are waiting already: remove some first.`);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashInvitationToken(token);
    const pending = await db.pendingShare.upsert({
      where: { documentId_email: { documentId, email } },
      create: { id: accountLikeId(), documentId, email, role, tokenHash },
      update: { role, tokenHash },
      select: { id: true },
    });
    if (deps?.origin) deps.mailer.post(shareInvitationMail(email, invitationLink(deps.origin, token), facts));
    return { userId: pending.id, role };
  }
  await db.$transaction([
    db.documentMember.upsert({
      where: { documentId_userId: { documentId, userId: user.id } },
      create: { documentId, userId: user.id, role },
      update: { role },
    }),
    upsertSharedNotice(db, { userId: user.id, documentId, ...facts }),
  ]);
  if (deps?.origin) deps.mailer.post(documentSharedMail(email, `${deps.origin}/documents/${documentId}`, facts));
  return { userId: user.id, role };
}

function upsertSharedNotice(db: Db, share: { userId: string; documentId: string; ownerName: string; title: string; role: string }) {
  const text = `${share.ownerName} shared “${share.title || 'Untitled document'}” with you as ${share.role === 'editor' ? 'an editor' : 'a reviewer'}.`;
  const notice = { userId: share.userId, documentId: share.documentId, kind: SHARED_NOTIFICATION };
  return db.notification.upsert({
    where: { userId_documentId_kind: notice },
    create: { ...notice, text },
    update: { text, readAt: null, createdAt: new Date() },
  });
}

/** Sign-up first (the address has no account), then back to the invitation, which opens the document; signed in, straight there. */
const invitationLink = (origin: string, token: string) => `${origin}/sign-up?next=${encodeURIComponent(`/invitations/${token}`)}`;

/** Only the hash is stored: a leaked table opens no document. */
const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * An account takes up the documents shared with its address before it existed,
 * once the address is proven its own: made through single sign-on with a
 * verified address, moved to it by a mailed link, or given a password from a
 * mailed link. An address someone merely typed at sign-up proves nothing (anyone
 * can type another's address), so it claims nothing; its holder opens the
 * invitation's link instead (`acceptInvitation`).
 */
export async function claimPendingShares(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<number> {
  if (!user.emailVerified) return 0;
  return db.$transaction((tx) => claimFor(tx, user));
}

/** What following an invitation's link came to: the document, or why not. */
export type InvitationOutcome =
  | { accepted: true; documentId: string }
  | { accepted: false; reason: 'gone' }
  | { accepted: false; reason: 'other_address'; email: string };

/**
 * The invitation's link, followed by a signed-in person: the token proves they
 * read the mailbox it was sent to, so if their account uses that address, every
 * document waiting for the address becomes theirs to open (one transaction). An
 * account with another address gets nothing, and the invitation stays for the
 * address's owner; a used, revoked or replaced link is `gone`.
 */
export async function acceptInvitation(db: Db, token: string, user: { id: string; email: string }): Promise<InvitationOutcome> {
  const share = await db.pendingShare.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: { documentId: true, email: true },
  });
  if (!share) {
    // accepted already by this person (the link followed again, or the page rendered twice by one navigation)
    const membership = await db.documentMember.findUnique({
      where: { invitationTokenHash: hashInvitationToken(token) },
      select: { documentId: true, userId: true },
    });
    return membership?.userId === user.id ? { accepted: true, documentId: membership.documentId } : { accepted: false, reason: 'gone' };
  }
  if (share.email !== user.email.toLowerCase()) return { accepted: false, reason: 'other_address', email: share.email };
  await db.$transaction((tx) => claimFor(tx, user));
  return { accepted: true, documentId: share.documentId };
}

async function claimFor(tx: Tx, user: { id: string; email: string }): Promise<number> {
  const pending = await tx.pendingShare.findMany({
    where: { email: user.email.toLowerCase() },
    select: {
      id: true,
      documentId: true,
      role: true,
      tokenHash: true,
      document: { select: { title: true, owner: { select: { id: true, name: true } } } },
    },
    take: MAX_PENDING_CLAIMED,
  });
  for (const share of pending) {
    // a document shared with the owner's own new address: they own it already
    if (share.document.owner.id === user.id) continue;
    await tx.documentMember.upsert({
      where: { documentId_userId: { documentId: share.documentId, userId: user.id } },
      create: { documentId: share.documentId, userId: user.id, role: share.role, invitationTokenHash: share.tokenHash },
      update: {},
    });
    await upsertSharedNotice(tx as Db, {
      userId: user.id,
      documentId: share.documentId,
      ownerName: share.document.owner.name,
      title: share.document.title,
      role: share.role,
    });
  }
  await tx.pendingShare.deleteMany({ where: { id: { in: pending.map((share) => share.id) } } });
  return pending.length;
}

/** an address shared a great many times is claimed in bounded batches (the rest at the next sign-in would be a surprise; this is ample) */
const MAX_PENDING_CLAIMED = 500;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 32 letters and digits, the form of an account id (better-auth's), so a pending share's id does not stand out. */
function accountLikeId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** The notification kind a recipient gets when a document is shared with them. */
export const SHARED_NOTIFICATION = 'document_shared';

/**
 * The people the document is shared with, newest share first, a page at a time:
 * members and pending shares alike, one list in the database (keyset on the
 * share's createdAt and the id shown as `userId`). A member's name shows once
 * they have opened the document; until then only the address the owner typed.
 */
export async function listMembers(db: Db, documentId: string, page: PageRequest) {
  const rows = await db.$queryRaw<Array<{ id: string; email: string; name: string | null; role: string; at: Date }>>`
    SELECT s.id, s.email, s.name, s.role, s.at FROM (
      SELECT m."userId" AS id, u.email, CASE WHEN m."openedAt" IS NULL THEN NULL ELSE u.name END AS name, m.role, m."createdAt" AS at
      FROM document_member m JOIN "user" u ON u.id = m."userId"
      WHERE m."documentId" = ${documentId}
      UNION ALL
      SELECT p.id, p.email, NULL, p.role, p."createdAt"
      FROM pending_share p
      WHERE p."documentId" = ${documentId}
    ) s
    WHERE ${keysetSql(Prisma.sql`s.at`, Prisma.sql`s.id`, page.after)}
    ORDER BY s.at DESC, s.id DESC
    LIMIT ${takeOneMore(page)}`;
  return mapPage(
    toPage(rows, page, (row) => ({ at: row.at, id: row.id })),
    (row) => ({ userId: row.id, email: row.email, name: row.name, role: row.role as MemberRole }),
  );
}

/**
 * The owner changes what a member may do; effective on the member's next request
 * (rights are read per request), and an open page of theirs sees it at its next
 * live poll (GET /api/documents/:id/live returns the caller's role).
 */
export async function changeMemberRole(
  db: Db,
  documentId: string,
  userId: string,
  role: MemberRole,
): Promise<{ userId: string; role: MemberRole }> {
  const [members, pending] = await db.$transaction([
    db.documentMember.updateMany({ where: { documentId, userId }, data: { role } }),
    db.pendingShare.updateMany({ where: { documentId, id: userId }, data: { role } }),
  ]);
  if (members.count + pending.count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, role };
}

/** The owner revokes a member: their next request for the document is a 404, like anyone's. */
export async function removeMember(db: Db, documentId: string, userId: string): Promise<{ userId: string; removed: true }> {
  // their "shared with you" notice would now lead to a 404: it goes with the access
  const [members, , pending] = await db.$transaction([
    db.documentMember.deleteMany({ where: { documentId, userId } }),
    db.notification.deleteMany({ where: { documentId, userId, kind: SHARED_NOTIFICATION } }),
    db.pendingShare.deleteMany({ where: { documentId, id: userId } }),
  ]);
  if (members.count + pending.count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, removed: true };
}

/** The most shared documents "Delete my account" offers to pass on: past it, the rest go with the account. */
export const MAX_HANDOVER_CHOICES = 200;

/**
 * The documents a person owns that others can open, with the co-editors each
 * could pass to: what "Delete my account" asks about. A member shows by their
 * address (the owner shared by it) and, once they opened the document, their name.
 */
export async function sharedDocumentsOf(db: Db, ownerId: string) {
  const documents = await db.document.findMany({
    where: { ownerId, members: { some: {} } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: MAX_HANDOVER_CHOICES,
    select: {
      id: true,
      title: true,
      members: {
        where: { role: 'editor' },
        orderBy: { createdAt: 'asc' },
        select: { openedAt: true, user: { select: { id: true, name: true, email: true } } },
      },
    },
  });
  return documents.map((document) => ({
    id: document.id,
    title: document.title || 'Untitled document',
    editors: document.members.map((m) => ({ id: m.user.id, email: m.user.email, name: m.openedAt ? m.user.name : null })),
  }));
}

/**
 * Passes a document to one of its editors, in the caller's transaction (an
 * account being deleted): they become its owner and stop being a member; the
 * other members keep their roles, and the sources the old owner added become
 * the new owner's. Refused (400) for a document the person does not own or
 * someone who is not its editor.
 */
export async function handOverDocument(tx: Tx, documentId: string, fromUserId: string, toUserId: string): Promise<void> {
  const member = await tx.documentMember.findFirst({
    where: { documentId, userId: toUserId, role: 'editor', document: { ownerId: fromUserId } },
    select: { userId: true },
  });
  if (!member) throw new AppError('validation_failed', 'transfers: a document passes only from its owner to one of its editors.');
  await tx.documentMember.delete({ where: { documentId_userId: { documentId, userId: toUserId } } });
  // the owner's chat goes with their account: the document lives on without it
  await tx.document.update({ where: { id: documentId }, data: { ownerId: toUserId, chatId: null } });
  await tx.source.updateMany({ where: { documentId, ownerId: fromUserId }, data: { ownerId: toUserId } });
}
