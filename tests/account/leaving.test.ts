import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteAccountRoute } from '@/app/api/account/route';
import { GET as exportRoute } from '@/app/api/account/export/route';
import { DELETE as reactivateRoute, POST as deactivateRoute } from '@/app/api/staff/people/[id]/deactivation/route';
import { GET as peopleRoute } from '@/app/api/staff/people/route';
import type { App } from '@/lib/app';
import { currentUser, handleAuthRequest } from '@/lib/http/auth-session';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';

/**
 * Leaving, through the routes the account and staff pages call: a person
 * downloads everything as one ZIP (read back here file by file), deletes their
 * account (a wrong password changes nothing; the right one removes their data
 * and keeps their money rows without a name), and staff deactivate and
 * reactivate an account.
 */

const PASSWORD = 'correct-horse-battery';
const CHAT_MESSAGES = 230; // more than one page of the chat export
const PHOTO = [0x89, 0x50, 0x4e, 0x47];

describe.each(testDatabaseKinds())('leaving (%s)', (kind) => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await serveTestApp(db);
  }, 60_000);
  afterAll(async () => {
    await app?.stopBus.close();
    await app?.sessionBus.close();
    await db?.dispose();
  });

  const auth = (path: string, body: unknown) => handleAuthRequest(app, jsonRequest(path, { body }));
  const signIn = (email: string, password = PASSWORD) => auth('/api/auth/sign-in/email', { email, password });
  const whoIs = (cookie: string) => currentUser(app, jsonRequest('/', { cookie }));
  const params = <P>(value: P) => ({ params: Promise.resolve(value) });

  async function person(email: string, role: 'user' | 'staff' = 'user') {
    const cookie = cookieOf(await signUp(app, { email, name: `Name of ${email}` }));
    const { id } = await db.prisma.user.update({ where: { email }, data: { role } });
    expect(await whoIs(cookie)).toMatchObject({ email });
    return { id, email, cookie };
  }

  /** A chat, a document with two versions of a section, an uploaded file, a charged turn and a top-up. */
  async function personWithData(email: string) {
    const who = await person(email);
    const chat = await db.prisma.chat.create({ data: { userId: who.id, title: 'Trip to Lisbon', model: 'sim-swift' } });
    await db.prisma.message.createMany({
      data: Array.from({ length: CHAT_MESSAGES }, (_, n) => ({
        chatId: chat.id,
        role: n % 2 ? 'assistant' : 'user',
        model: n % 2 ? 'sim-swift' : null,
        text: `Message ${n + 1}`,
        createdAt: new Date(Date.UTC(2026, 3, 1) + n * 1000),
      })),
    });
    const document = await db.prisma.document.create({
      data: { ownerId: who.id, chatId: chat.id, request: 'A guide', title: 'Lisbon guide', model: 'sim-swift' },
    });
    const section = await db.prisma.section.create({
      data: {
        documentId: document.id,
        position: 0,
        title: 'Where to eat',
        brief: '',
        status: 'written',
        version: 2,
        body: 'Second draft.',
      },
    });
    await db.prisma.sectionVersion.createMany({
      data: [
        { sectionId: section.id, version: 1, kind: 'draft', body: 'First draft.' },
        { sectionId: section.id, version: 2, kind: 'manual', body: 'Second draft.', authorId: who.id },
      ],
    });
    const upload = await db.prisma.source.create({
      data: { ownerId: who.id, chatId: chat.id, kind: 'markdown', title: 'notes.md', unit: 'paragraph' },
    });
    await db.prisma.sourceParagraph.createMany({
      data: [
        { sourceId: upload.id, number: 1, text: 'Pastéis de nata at Manteigaria.' },
        { sourceId: upload.id, number: 2, text: 'Tram 28 early.' },
      ],
    });
    // an image attached in the chat, kept as sent (bytes that are no text)
    const attached = await db.prisma.chatFile.create({
      data: {
        ownerId: who.id,
        chatId: chat.id,
        kind: 'image',
        name: 'tram 28.png',
        mediaType: 'image/png',
        size: 4,
        bytes: Buffer.from(PHOTO),
      },
    });
    const entry = await db.prisma.ledgerEntry.create({
      data: {
        userId: who.id,
        chatId: chat.id,
        status: 'settled',
        chargedMicros: 1234n,
        calls: {
          create: {
            seq: 0,
            model: 'sim-swift',
            purpose: 'answer',
            status: 'charged',
            reservedMicros: 2000n,
            costMicros: 1234n,
            inputTokens: 10,
            outputTokens: 20,
          },
        },
      },
    });
    await db.prisma.wallet.update({
      where: { userId: who.id },
      data: { balanceMicros: { decrement: 1234n }, chargedMicros: { increment: 1234n } },
    });
    await db.prisma.creditGrant.create({ data: { userId: who.id, amountMicros: 5000n, reason: '=1+1 welcome' } });
    return { ...who, chatId: chat.id, documentId: document.id, uploadId: upload.id, entryId: entry.id, attachedId: attached.id };
  }

  const download = (cookie: string) => exportRoute(jsonRequest('/api/account/export', { cookie }), params({}));
  const deleteAccount = (cookie: string, body: unknown) =>
    deleteAccountRoute(jsonRequest('/api/account', { method: 'DELETE', cookie, body }), params({}));

  it('"Download my data" is a ZIP of every chat as Markdown and JSON, owned documents with their versions, uploads, chat files and the ledger', async () => {
    const me = await personWithData(`zip-${kind}@example.com`);
    const other = await person(`zip-other-${kind}@example.com`);
    await db.prisma.chat.create({ data: { userId: other.id, title: 'Not yours', model: 'sim-swift' } });

    const response = await download(me.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="quire-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => strFromU8(files[name]!);
    const chatStem = `chats/Trip-to-Lisbon-${me.chatId.slice(0, 8)}`;
    const documentStem = `documents/Lisbon-guide-${me.documentId.slice(0, 8)}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        `${chatStem}.json`,
        `${chatStem}.md`,
        'credits.csv',
        `${documentStem}.md`,
        `${documentStem}.versions.md`,
        'ledger.csv',
        `uploads/notes-${me.uploadId.slice(0, 8)}.md`,
        `chat-files/Trip-to-Lisbon/tram-28-${me.attachedId.slice(0, 8)}.png`,
      ].sort(),
    );
    expect(JSON.parse(text('account.json'))).toMatchObject({
      email: me.email,
      name: `Name of ${me.email}`,
      instructions: { aboutMe: '', answerStyle: '' },
    });
    const chat = JSON.parse(text(`${chatStem}.json`));
    expect(chat).toMatchObject({ format: 'quire.chat.v1', title: 'Trip to Lisbon' });
    expect(chat.messages.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: CHAT_MESSAGES }, (_, n) => `Message ${n + 1}`));
    expect(text(`${chatStem}.md`)).toContain('## You · 2026-04-01 00:00 UTC\n\nMessage 1\n');
    expect(text(`${documentStem}.md`)).toContain('## Where to eat\n\nSecond draft.');
    const versions = text(`${documentStem}.versions.md`);
    expect(versions).toMatch(/### Version 1 · draft · .*\n\nFirst draft\.\n[\s\S]*### Version 2 · manual · .*\n\nSecond draft\.\n/);
    expect(text(`uploads/notes-${me.uploadId.slice(0, 8)}.md`)).toBe('Pastéis de nata at Manteigaria.\n\nTram 28 early.\n');
    expect([...files[`chat-files/Trip-to-Lisbon/tram-28-${me.attachedId.slice(0, 8)}.png`]!]).toEqual(PHOTO);
    const ledger = text('ledger.csv').split('\r\n');
    // a byte order mark first, so a spreadsheet reads names in any script (the decoder drops it)
    expect([...files['ledger.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(ledger[0]).toBe('at,entry_id,status,chat,document,models,input_tokens,output_tokens,reserved_micros,charged_micros');
    expect(ledger[1]).toMatch(new RegExp(`^[^,]+,${me.entryId},settled,Trip to Lisbon,,sim-swift,10,20,0,1234$`));
    // a reason a spreadsheet would run as a formula is text
    expect(text('credits.csv')).toMatch(/,5000,'=1\+1 welcome\r\n$/);
    expect(JSON.stringify(Object.keys(files))).not.toContain('Not-yours');
  });

  it('a fourth download in a minute is refused, and a signed-out request gets nothing', async () => {
    const me = await person(`zip-limit-${kind}@example.com`);
    for (let n = 0; n < 3; n++) expect((await download(me.cookie)).status).toBe(200);
    expect((await download(me.cookie)).status).toBe(429);
    expect((await exportRoute(jsonRequest('/api/account/export'), params({}))).status).toBe(401);
  });

  it('a wrong password deletes nothing: 403 wrong_password, and the account, its data and its session live on', async () => {
    const me = await personWithData(`keeps-${kind}@example.com`);
    const refused = await deleteAccount(me.cookie, { password: 'not-the-password' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'wrong_password' });
    expect(await whoIs(me.cookie)).toMatchObject({ email: me.email });
    expect(await db.prisma.chat.count({ where: { userId: me.id } })).toBe(1);
    expect(await db.prisma.document.count({ where: { ownerId: me.id } })).toBe(1);
    expect(await db.prisma.source.count({ where: { ownerId: me.id } })).toBe(1);
    expect((await signIn(me.email)).status).toBe(200);
  });

  it('deleting removes chats, owned documents, uploads and sessions; a shared document passes to the chosen editor; the ledger stays without a name', async () => {
    const me = await personWithData(`deleter-${kind}@example.com`);
    const phone = cookieOf(await signIn(me.email));
    const editor = await person(`co-editor-${kind}@example.com`);
    const shared = await db.prisma.document.create({
      data: {
        ownerId: me.id,
        request: 'Shared',
        title: 'Shared plan',
        model: 'sim-swift',
        members: { create: { userId: editor.id, role: 'editor' } },
      },
    });
    // a reviewer cannot be handed a document
    const reviewer = await person(`reviewer-${kind}@example.com`);
    await db.prisma.documentMember.create({ data: { documentId: me.documentId, userId: reviewer.id, role: 'reviewer' } });
    const toReviewer = await deleteAccount(me.cookie, { password: PASSWORD, transfers: { [me.documentId]: reviewer.id } });
    expect(toReviewer.status).toBe(400);
    expect(await db.prisma.user.count({ where: { id: me.id } })).toBe(1);

    // an answer still being written when the account goes: its reservation is refunded, not left open
    const inFlight = await db.prisma.ledgerEntry.create({
      data: {
        userId: me.id,
        chatId: me.chatId,
        reservedMicros: 700n,
        calls: { create: { seq: 0, model: 'sim-swift', purpose: 'answer', reservedMicros: 700n } },
      },
    });
    await db.prisma.wallet.update({
      where: { userId: me.id },
      data: { balanceMicros: { decrement: 700n }, reservedMicros: { increment: 700n } },
    });

    const deleted = await deleteAccount(me.cookie, { password: PASSWORD, transfers: { [shared.id]: editor.id } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });

    // both devices are signed out at once, and the old password signs in nowhere
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(phone)).toBeNull();
    expect((await signIn(me.email)).status).toBe(401);
    expect(await db.prisma.user.count({ where: { email: me.email } })).toBe(0);
    expect(await db.prisma.chat.count({ where: { id: me.chatId } })).toBe(0);
    expect(await db.prisma.message.count({ where: { chatId: me.chatId } })).toBe(0);
    expect(await db.prisma.document.count({ where: { id: me.documentId } })).toBe(0);
    expect(await db.prisma.source.count({ where: { id: me.uploadId } })).toBe(0);
    expect(await db.prisma.session.count({ where: { userId: me.id } })).toBe(0);
    // the shared document lives on with its editor as owner, who is no longer a member of it
    expect(await db.prisma.document.findUnique({ where: { id: shared.id }, select: { ownerId: true } })).toEqual({ ownerId: editor.id });
    expect(await db.prisma.documentMember.count({ where: { documentId: shared.id } })).toBe(0);

    // the money rows stay, under a nameless tombstone that keeps the wallet's totals
    const entry = await db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: me.entryId } });
    expect(entry).toMatchObject({ chargedMicros: 1234n, status: 'settled', chatId: null });
    expect(entry.userId).toMatch(/^deleted-/);
    expect(entry.userId).not.toBe(me.id);
    expect(await db.prisma.creditGrant.count({ where: { userId: entry.userId } })).toBe(1);
    const tombstone = await db.prisma.deletedAccount.findUniqueOrThrow({ where: { id: entry.userId } });
    expect(tombstone).toMatchObject({ chargedMicros: 1234n, reservedMicros: 0n });
    expect(await db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: inFlight.id } })).toMatchObject({
      userId: entry.userId,
      status: 'refunded',
      chargedMicros: 0n,
    });
    expect(JSON.stringify(tombstone, (_, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(me.email);
    expect(await db.prisma.modelCall.count({ where: { entryId: me.entryId } })).toBe(1);

    // the audit log says who left and when
    const [event] = await db.prisma.auditEvent.findMany({ where: { action: 'account_deleted', actorId: me.id } });
    expect(event).toMatchObject({ actorEmail: me.email, targetType: 'user', targetId: me.id, detail: { documentsHandedOver: 1 } });
  });

  it('an account without a password (single sign-on only) is deleted after a sign-in of the last few minutes, not with an older session', async () => {
    const me = await person(`sso-only-${kind}@example.com`);
    await db.prisma.account.deleteMany({ where: { userId: me.id, providerId: 'credential' } });
    await db.prisma.session.updateMany({ where: { userId: me.id }, data: { createdAt: new Date(Date.now() - 60 * 60_000) } });
    const stale = await deleteAccount(me.cookie, {});
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toMatchObject({ code: 'fresh_sign_in_required' });
    expect(await db.prisma.user.count({ where: { id: me.id } })).toBe(1);
    await db.prisma.session.updateMany({ where: { userId: me.id }, data: { createdAt: new Date() } });
    expect((await deleteAccount(me.cookie, {})).status).toBe(200);
    expect(await db.prisma.user.count({ where: { id: me.id } })).toBe(0);
  });

  describe('deactivation', () => {
    it('staff deactivate: every session ends at once and sign-in is refused in words; reactivating lets the person in again', async () => {
      const staff = await person(`people-staff-${kind}@example.com`, 'staff');
      const target = await person(`deactivated-${kind}@example.com`);
      const phone = cookieOf(await signIn(target.email));
      expect(await whoIs(phone)).not.toBeNull();

      const found = await peopleRoute(
        jsonRequest(`/api/staff/people?email=${encodeURIComponent(`deactivated-${kind}`)}`, { cookie: staff.cookie }),
        params({}),
      );
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual([expect.objectContaining({ id: target.id, email: target.email, deactivatedAt: null })]);

      const off = await deactivateRoute(
        jsonRequest(`/api/staff/people/${target.id}/deactivation`, { method: 'POST', cookie: staff.cookie }),
        params({ id: target.id }),
      );
      expect(off.status).toBe(200);
      expect((await off.json()).deactivatedAt).toEqual(expect.any(String));
      expect(await whoIs(target.cookie)).toBeNull();
      expect(await whoIs(phone)).toBeNull();
      const refused = await signIn(target.email);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: expect.stringContaining('deactivated') });
      // nothing of theirs went
      expect(await db.prisma.user.count({ where: { id: target.id } })).toBe(1);

      const on = await reactivateRoute(
        jsonRequest(`/api/staff/people/${target.id}/deactivation`, { method: 'DELETE', cookie: staff.cookie }),
        params({ id: target.id }),
      );
      expect(on.status).toBe(200);
      expect((await on.json()).deactivatedAt).toBeNull();
      const back = await signIn(target.email);
      expect(back.status).toBe(200);
      expect(await whoIs(cookieOf(back))).toMatchObject({ email: target.email });

      const events = await db.prisma.auditEvent.findMany({ where: { targetId: target.id }, orderBy: { at: 'asc' } });
      expect(events.map((e) => [e.action, e.actorEmail, e.targetLabel])).toEqual([
        ['account_deactivated', staff.email, target.email],
        ['account_reactivated', staff.email, target.email],
      ]);
    });

    it('someone who is not staff gets 403 and changes nothing; staff cannot deactivate themselves', async () => {
      const staff = await person(`people-staff-2-${kind}@example.com`, 'staff');
      const plain = await person(`plain-${kind}@example.com`);
      const victim = await person(`victim-${kind}@example.com`);
      const byPlain = await deactivateRoute(
        jsonRequest(`/api/staff/people/${victim.id}/deactivation`, { method: 'POST', cookie: plain.cookie }),
        params({ id: victim.id }),
      );
      expect(byPlain.status).toBe(403);
      expect((await peopleRoute(jsonRequest('/api/staff/people', { cookie: plain.cookie }), params({}))).status).toBe(403);
      expect(await whoIs(victim.cookie)).toMatchObject({ email: victim.email });
      const self = await deactivateRoute(
        jsonRequest(`/api/staff/people/${staff.id}/deactivation`, { method: 'POST', cookie: staff.cookie }),
        params({ id: staff.id }),
      );
      expect(self.status).toBe(409);
      const unknown = await deactivateRoute(
        jsonRequest('/api/staff/people/nobody/deactivation', { method: 'POST', cookie: staff.cookie }),
        params({ id: 'nobody' }),
      );
      expect(unknown.status).toBe(404);
    });
  });
});
