import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRole } from '@/lib/documents/access';
import { createDocument } from '@/lib/documents/intake/queue-document';
import {
  acceptInvitation,
  claimPendingShares,
  MAX_PENDING_SHARES,
  SHARES_PER_MINUTE,
  shareDocument,
  type ShareMailDeps,
} from '@/lib/documents/members';
import { countUnread, markAllRead, UNREAD_COUNT_CAP } from '@/lib/documents/notifications';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { AppError } from '@/lib/errors';
import type { LinkMail } from '@/lib/mail/link-mail';
import { createTestUser, SAMPLE_SOURCE } from '@/tests/support/documents-harness';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

describe('pending shares: the invitation mail and who may claim it (PGlite)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const mails: LinkMail[] = [];
  const mailDeps = (ownerId: string): ShareMailDeps => ({
    mailer: { post: (mail) => void mails.push(mail) },
    origin: 'https://quire.example',
    rate: { userId: ownerId },
  });
  /** the token of the newest invitation mailed to `email`, as the person reads it from the link */
  const tokenMailedTo = (email: string) => {
    const link = mails.filter((mail) => mail.to === email).at(-1)?.link;
    expect(link).toMatch(/^https:\/\/quire\.example\/sign-up\?next=%2Finvitations%2F/);
    return decodeURIComponent(new URL(link!).searchParams.get('next')!).replace('/invitations/', '');
  };

  async function ownedDocument() {
    const ownerId = await createTestUser(db.prisma);
    const { id } = await createDocument(db.prisma, {
      ownerId,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 2,
      researchRounds: 1,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    return { ownerId, documentId: id };
  }

  /** an account as a password sign-up makes it: the address typed, not proven */
  async function account(email: string, emailVerified = false) {
    const id = await createTestUser(db.prisma, { email });
    await db.prisma.user.update({ where: { id }, data: { emailVerified } });
    return { id, email, emailVerified };
  }

  it('an unknown address gets a pending share and an invitation; only the account using that address can open it with the link', async () => {
    const { ownerId, documentId } = await ownedDocument();
    const invited = `invited-${Date.now()}@example.com`;
    await shareDocument(db.prisma, documentId, ownerId, invited.toUpperCase(), 'editor', mailDeps(ownerId));
    const token = tokenMailedTo(invited);
    expect(mails.at(-1)).toMatchObject({ event: 'share_invitation_link', subject: expect.stringContaining('shared') });
    // only the token's hash is kept
    const stored = await db.prisma.pendingShare.findFirstOrThrow({ where: { documentId } });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // a stranger signs up with the address first: typing it proves nothing, so nothing is claimed
    const squatter = await account(invited);
    expect(await claimPendingShares(db.prisma, squatter)).toBe(0);
    expect(await documentRole(db.prisma, documentId, squatter.id)).toBeNull();

    // someone signed in with another address follows the link: refused, and the invitation stays
    const other = await account(`other-${Date.now()}@example.com`);
    expect(await acceptInvitation(db.prisma, token, other)).toEqual({ accepted: false, reason: 'other_address', email: invited });
    expect(await documentRole(db.prisma, documentId, other.id)).toBeNull();
    expect(await db.prisma.pendingShare.count({ where: { documentId } })).toBe(1);

    // the link, followed by the account using the address (the mailbox's reader): access as shared, with a notice
    expect(await acceptInvitation(db.prisma, token, squatter)).toEqual({ accepted: true, documentId });
    expect(await documentRole(db.prisma, documentId, squatter.id)).toBe('editor');
    expect(await db.prisma.pendingShare.count({ where: { documentId } })).toBe(0);
    expect(await countUnread(db.prisma, squatter.id)).toEqual({ count: 1, capped: false });
    // followed again (or rendered twice by one navigation) it opens the document again, and nothing more is made
    expect(await acceptInvitation(db.prisma, token, squatter)).toEqual({ accepted: true, documentId });
    expect(await countUnread(db.prisma, squatter.id)).toEqual({ count: 1, capped: false });
    // for anyone else it is spent
    expect(await acceptInvitation(db.prisma, token, other)).toEqual({ accepted: false, reason: 'gone' });
    expect(await documentRole(db.prisma, documentId, other.id)).toBeNull();
  });

  it('an address proven otherwise (single sign-on, a mailed link) claims what waits for it without the invitation link', async () => {
    const { ownerId, documentId } = await ownedDocument();
    const invited = `sso-${Date.now()}@example.com`;
    await shareDocument(db.prisma, documentId, ownerId, invited, 'reviewer', mailDeps(ownerId));
    const person = await account(invited, true);
    expect(await claimPendingShares(db.prisma, person)).toBe(1);
    expect(await documentRole(db.prisma, documentId, person.id)).toBe('reviewer');
  });

  it('sharing again mails a new link and the older one stops working; a removed share leaves its link spent', async () => {
    const { ownerId, documentId } = await ownedDocument();
    const invited = `again-${Date.now()}@example.com`;
    await shareDocument(db.prisma, documentId, ownerId, invited, 'reviewer', mailDeps(ownerId));
    const first = tokenMailedTo(invited);
    await shareDocument(db.prisma, documentId, ownerId, invited, 'editor', mailDeps(ownerId));
    const second = tokenMailedTo(invited);
    expect(second).not.toBe(first);
    const person = await account(invited);
    expect(await acceptInvitation(db.prisma, first, person)).toEqual({ accepted: false, reason: 'gone' });

    const removedShare = await db.prisma.pendingShare.findFirstOrThrow({ where: { documentId, email: invited } });
    await db.prisma.pendingShare.delete({ where: { id: removedShare.id } });
    expect(await acceptInvitation(db.prisma, second, person)).toEqual({ accepted: false, reason: 'gone' });
    expect(await documentRole(db.prisma, documentId, person.id)).toBeNull();
  });

  it('an existing account is shared with at once and mailed a link to the document', async () => {
    const { ownerId, documentId } = await ownedDocument();
    const member = await account(`member-${Date.now()}@example.com`);
    await shareDocument(db.prisma, documentId, ownerId, member.email, 'editor', mailDeps(ownerId));
    expect(await documentRole(db.prisma, documentId, member.id)).toBe('editor');
    expect(mails.at(-1)).toMatchObject({
      to: member.email,
      event: 'document_shared_link',
      link: `https://quire.example/documents/${documentId}`,
    });
  });

  it('pending shares are bounded per document, and shares are rate limited per person', async () => {
    const { ownerId, documentId } = await ownedDocument();
    await db.prisma.pendingShare.createMany({
      data: Array.from({ length: MAX_PENDING_SHARES }, (_, i) => ({
        id: `p${i}-${documentId}`,
        documentId,
        email: `w${i}-${documentId}@example.com`,
        role: 'reviewer',
      })),
    });
    const refused = await shareDocument(db.prisma, documentId, ownerId, 'one-more@example.com', 'reviewer', mailDeps(ownerId)).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('conflict');
    // sharing again with an address already waiting is a role change, not one more
    await shareDocument(db.prisma, documentId, ownerId, `w0-${documentId}@example.com`, 'editor', mailDeps(ownerId));

    const busy = await ownedDocument();
    for (let i = 0; i < SHARES_PER_MINUTE; i++)
      await shareDocument(
        db.prisma,
        busy.documentId,
        busy.ownerId,
        `r${i}-${busy.documentId}@example.com`,
        'reviewer',
        mailDeps(busy.ownerId),
      );
    const limited = await shareDocument(
      db.prisma,
      busy.documentId,
      busy.ownerId,
      'late@example.com',
      'reviewer',
      mailDeps(busy.ownerId),
    ).catch((e) => e);
    expect((limited as AppError).code).toBe('rate_limited');
  });

  it('the unread count stops at the cap, and "mark all as read" clears it', async () => {
    const person = await account(`reader-${Date.now()}@example.com`);
    await db.prisma.notification.createMany({
      data: Array.from({ length: UNREAD_COUNT_CAP + 3 }, (_, i) => ({ userId: person.id, kind: 'document_done', text: `n${i}` })),
    });
    expect(await countUnread(db.prisma, person.id)).toEqual({ count: UNREAD_COUNT_CAP, capped: true });
    expect(await markAllRead(db.prisma, person.id)).toEqual({ read: UNREAD_COUNT_CAP + 3 });
    expect(await countUnread(db.prisma, person.id)).toEqual({ count: 0, capped: false });
  });
});
