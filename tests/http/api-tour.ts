import { GET as readInstructions, PUT as saveInstructions } from '@/app/api/account/instructions/route';
import { DELETE as deleteAccount } from '@/app/api/account/route';
import { DELETE as endSession } from '@/app/api/account/sessions/[id]/route';
import { GET as getChat, PATCH as patchChat, DELETE as deleteChat } from '@/app/api/chats/[id]/route';
import { POST as closeChat } from '@/app/api/chats/[id]/close/route';
import { GET as chatMessages, POST as postMessage } from '@/app/api/chats/[id]/messages/route';
import { PATCH as patchSlot, DELETE as deleteSlot } from '@/app/api/chats/[id]/slots/[key]/route';
import { DELETE as revokeShare, GET as activeShare, POST as shareChat } from '@/app/api/chats/[id]/share/route';
import { POST as importChats } from '@/app/api/chats/import/route';
import { POST as stopTurn } from '@/app/api/chats/[id]/stop/route';
import { POST as regenerateAnswer } from '@/app/api/chats/[id]/messages/[messageId]/regenerate/route';
import { POST as showMessage } from '@/app/api/chats/[id]/messages/[messageId]/show/route';
import { DELETE as unmarkBetter, PUT as markBetter } from '@/app/api/chats/[id]/messages/[messageId]/better/route';
import { GET as answerContext } from '@/app/api/chats/[id]/messages/[messageId]/context/route';
import { GET as listChats, POST as createChat } from '@/app/api/chats/route';
import { GET as ownCredits } from '@/app/api/credits/route';
import { POST as answerQuestions } from '@/app/api/documents/[id]/answers/route';
import { POST as cancelDocument } from '@/app/api/documents/[id]/cancel/route';
import { GET as liveSections } from '@/app/api/documents/[id]/live/route';
import { PATCH as patchMember, DELETE as deleteMember } from '@/app/api/documents/[id]/members/[userId]/route';
import { GET as listMembers, POST as shareDocument } from '@/app/api/documents/[id]/members/route';
import { POST as resumeDocument } from '@/app/api/documents/[id]/resume/route';
import { DELETE as deleteDocument, GET as getDocument, PATCH as renameDocument } from '@/app/api/documents/[id]/route';
import { POST as addSources } from '@/app/api/documents/[id]/sources/route';
import { DELETE as removeAttachment } from '@/app/api/documents/attachments/[id]/route';
import { POST as attachChatFiles } from '@/app/api/chats/[id]/files/route';
import { GET as listAttachments, POST as attachFiles } from '@/app/api/documents/attachments/route';
import { GET as listDocuments, POST as createDocument } from '@/app/api/documents/route';
import { GET as ledger } from '@/app/api/ledger/route';
import { GET as models } from '@/app/api/models/route';
import { POST as readNotifications } from '@/app/api/notifications/read/route';
import { GET as notifications } from '@/app/api/notifications/route';
import { GET as unreadNotifications } from '@/app/api/notifications/unread/route';
import { GET as openApi } from '@/app/api/openapi.json/route';
import { GET as sharedMessages } from '@/app/api/shared/chats/[token]/messages/route';
import { POST as dismissFlag } from '@/app/api/sections/[id]/flags/dismiss/route';
import { POST as acceptProposal } from '@/app/api/sections/[id]/proposals/[proposalId]/accept/route';
import { POST as rejectProposal } from '@/app/api/sections/[id]/proposals/[proposalId]/reject/route';
import { POST as restoreVersion } from '@/app/api/sections/[id]/restore/route';
import { POST as rewrite } from '@/app/api/sections/[id]/rewrite/route';
import { PATCH as saveSection } from '@/app/api/sections/[id]/route';
import { GET as sectionVersions } from '@/app/api/sections/[id]/versions/route';
import { GET as listCredits, POST as grantCredits } from '@/app/api/staff/credits/route';
import { DELETE as revokeInvite } from '@/app/api/staff/invites/[id]/route';
import { DELETE as reactivate, POST as deactivate } from '@/app/api/staff/people/[id]/deactivation/route';
import { GET as listPeople } from '@/app/api/staff/people/route';
import { GET as listInvites, POST as createInvite } from '@/app/api/staff/invites/route';
import { GET as auditLog } from '@/app/api/staff/audit/route';
import { GET as arena } from '@/app/api/staff/arena/route';
import { GET as staffLedger } from '@/app/api/staff/ledger/route';
import { GET as transcript } from '@/app/api/staff/transcripts/[chatId]/route';
import { GET as transcriptMessages } from '@/app/api/staff/transcripts/[chatId]/messages/route';
import { GET as transcripts } from '@/app/api/staff/transcripts/route';
import { GET as wallet } from '@/app/api/wallet/route';
import { GET as health } from '@/app/healthz/route';
import { GET as readiness } from '@/app/readyz/route';
import { buildApp, type App } from '@/lib/app';
import { handleAuthRequest } from '@/lib/http/auth-session';
import type { HttpMethod } from '@/lib/http/openapi/api-operation';
import { cookieOf, jsonRequest, ORIGIN, serveApp } from '@/tests/support/auth-client';
import { driveJobsToRest, SAMPLE_SOURCE } from '@/tests/support/documents-harness';

/** One success answer as a client received it, filed under its operation. */
export interface RecordedAnswer {
  method: HttpMethod;
  /** the operation's path as the API document writes it: `/api/chats/{id}` */
  path: string;
  status: number;
  body: unknown;
}

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

interface Ask {
  params?: Record<string, string>;
  query?: string;
  cookie?: string;
  body?: unknown;
  form?: FormData;
  /** a status other than 2xx this step means to produce (readiness's 503) */
  status?: number;
}

// The answers are read as JSON the test then checks against the schemas; the tour only needs their ids.
// biome-ignore lint/suspicious/noExplicitAny: a recorded answer before its schema has checked it
type Answer = any;

/**
 * Performs every JSON operation of the API once, through the real route
 * handlers, as a signed-in person, a second person and a staff member would,
 * and records each answer. What cannot be reached through the API in a test's
 * time (a paused job, a fact-check flag) is seeded in the database first.
 */
export async function tourTheApi(app: App): Promise<RecordedAnswer[]> {
  const answers: RecordedAnswer[] = [];

  async function ask(handler: Handler, method: HttpMethod, path: string, options: Ask = {}): Promise<Answer> {
    const params = options.params ?? {};
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)) + (options.query ?? '');
    const request = options.form
      ? new Request(`${ORIGIN}${url}`, {
          method,
          headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...(options.cookie ? { cookie: options.cookie } : {}) },
          body: options.form,
        })
      : jsonRequest(url, { method, body: options.body, cookie: options.cookie });
    const response = await handler(request, { params: Promise.resolve(params) as Promise<never> });
    const text = await response.text();
    if (response.status !== (options.status ?? response.status) || (!options.status && !response.ok))
      throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
    const body = JSON.parse(text) as unknown;
    answers.push({ method, path, status: response.status, body });
    return body;
  }
  const auth: Handler = (request) => handleAuthRequest(app, request);
  const signUp = async (email: string) => {
    const body = { email, name: `Person ${email}`, password: 'correct-horse-battery' };
    const response = await handleAuthRequest(app, jsonRequest('/api/auth/sign-up/email', { body }));
    answers.push({ method: 'POST', path: '/api/auth/sign-up/email', status: response.status, body: await response.clone().json() });
    return cookieOf(response);
  };

  // accounts: the reader, a person to share with, staff (made staff in the database, as a mailed link would)
  const cookie = await signUp('tour-reader@example.com');
  const memberCookie = await signUp('tour-member@example.com');
  const staffCookie = await signUp('tour-staff@example.com');
  await app.db.user.update({ where: { email: 'tour-staff@example.com' }, data: { role: 'staff' } });
  await ask(auth, 'POST', '/api/auth/sign-in/email', { body: { email: 'tour-member@example.com', password: 'correct-horse-battery' } });
  await ask(auth, 'GET', '/api/auth/get-session', { cookie });
  // Settings → Instructions
  await ask(saveInstructions, 'PUT', '/api/account/instructions', {
    cookie,
    body: { aboutMe: 'I keep the books of a bakery.', answerStyle: 'Briefly.' },
  });
  await ask(readInstructions, 'GET', '/api/account/instructions', { cookie });
  await ask(auth, 'GET', '/api/auth/get-session');
  await ask(auth, 'POST', '/api/auth/sign-out', { cookie: memberCookie, body: {} });
  await signUp('tour-leaver@example.com');
  await ask(auth, 'POST', '/api/auth/request-password-reset', { body: { email: 'tour-leaver@example.com' } });
  const link = await app.db.verification.findFirstOrThrow({ where: { identifier: { startsWith: 'reset-password:' } } });
  const token = link.identifier.slice('reset-password:'.length);
  await ask(auth, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'another-horse-battery' } });

  // the account page: the leaver signs in twice, ends the other session, moves to another address and changes the password
  const leaverSignIn = { body: { email: 'tour-leaver@example.com', password: 'another-horse-battery' } };
  const leaver = cookieOf(await handleAuthRequest(app, jsonRequest('/api/auth/sign-in/email', leaverSignIn)));
  await handleAuthRequest(app, jsonRequest('/api/auth/sign-in/email', leaverSignIn));
  await ask(auth, 'POST', '/api/auth/revoke-other-sessions', { cookie: leaver, body: {} });
  const another = await handleAuthRequest(app, jsonRequest('/api/auth/sign-in/email', leaverSignIn));
  const anotherToken = ((await another.json()) as { token: string }).token;
  const anotherSession = await app.db.session.findUniqueOrThrow({ where: { token: anotherToken } });
  await ask(endSession, 'DELETE', '/api/account/sessions/{id}', { cookie: leaver, params: { id: anotherSession.id } });
  const mailed: string[] = [];
  const post = app.mailer.post;
  app.mailer.post = (mail) => mailed.push(mail.link);
  try {
    await ask(auth, 'POST', '/api/auth/change-email', {
      cookie: leaver,
      body: { newEmail: 'tour-mover@example.com', password: 'another-horse-battery' },
    });
  } finally {
    app.mailer.post = post;
  }
  const moved = new URL(mailed[0]!);
  await ask(auth, 'GET', '/api/auth/verify-email', { cookie: leaver, query: `?token=${moved.searchParams.get('token')}` });
  await ask(auth, 'POST', '/api/auth/change-password', {
    cookie: leaver,
    body: { currentPassword: 'another-horse-battery', newPassword: 'third-horse-battery', revokeOtherSessions: true },
  });

  // a chat with one answered turn (its answer carries what the model saw), then everything done to chats
  const chat = await ask(createChat, 'POST', '/api/chats', { cookie, body: {} });
  const turn = await postMessage(jsonRequest(`/api/chats/${chat.id}/messages`, { cookie, body: { text: 'My laptop runs macOS 14' } }), {
    params: Promise.resolve({ id: chat.id }),
  });
  if (!turn.ok) throw new Error(`the turn answered ${turn.status}: ${await turn.text()}`);
  await turn.text();
  // a second version of the answer (Regenerate): the chat's messages carry `siblings`, and the first is shown again below
  const firstAnswer = await app.db.message.findFirstOrThrow({ where: { chatId: chat.id, role: 'assistant' }, select: { id: true } });
  const again = await regenerateAnswer(jsonRequest(`/api/chats/${chat.id}/messages/${firstAnswer.id}/regenerate`, { cookie, body: {} }), {
    params: Promise.resolve({ id: chat.id, messageId: firstAnswer.id }),
  });
  if (!again.ok) throw new Error(`the regenerate answered ${again.status}: ${await again.text()}`);
  await again.text();
  const chatParams = { id: chat.id };
  await ask(listChats, 'GET', '/api/chats', { cookie });
  await ask(listChats, 'GET', '/api/chats', { cookie, query: '?q=laptop' });
  await ask(getChat, 'GET', '/api/chats/{id}', { cookie, params: chatParams });
  await ask(chatMessages, 'GET', '/api/chats/{id}/messages', { cookie, params: chatParams, query: '?limit=1' });
  await ask(answerContext, 'GET', '/api/chats/{id}/messages/{messageId}/context', {
    cookie,
    params: { ...chatParams, messageId: firstAnswer.id },
  });
  await ask(showMessage, 'POST', '/api/chats/{id}/messages/{messageId}/show', {
    cookie,
    params: { ...chatParams, messageId: firstAnswer.id },
  });
  // one question answered side by side by two models: the second answer is marked better, the mark taken off, marked again
  const compared = await ask(createChat, 'POST', '/api/chats', { cookie, body: { title: 'Compared' } });
  const pair = await postMessage(
    jsonRequest(`/api/chats/${compared.id}/messages`, {
      cookie,
      body: { text: 'Name two rivers', model: 'sim-swift', compare: ['sim-sage'] },
    }),
    { params: Promise.resolve({ id: compared.id }) },
  );
  if (!pair.ok) throw new Error(`the side-by-side turn answered ${pair.status}: ${await pair.text()}`);
  await pair.text();
  const sideAnswer = await app.db.message.findFirstOrThrow({ where: { chatId: compared.id, role: 'assistant', model: 'sim-sage' } });
  const betterParams = { id: compared.id, messageId: sideAnswer.id };
  await ask(markBetter, 'PUT', '/api/chats/{id}/messages/{messageId}/better', { cookie, params: betterParams });
  await ask(unmarkBetter, 'DELETE', '/api/chats/{id}/messages/{messageId}/better', { cookie, params: betterParams });
  await ask(markBetter, 'PUT', '/api/chats/{id}/messages/{messageId}/better', { cookie, params: betterParams });
  await ask(patchSlot, 'PATCH', '/api/chats/{id}/slots/{key}', {
    cookie,
    params: { ...chatParams, key: 'os' },
    body: { value: 'macOS 14' },
  });
  await ask(deleteSlot, 'DELETE', '/api/chats/{id}/slots/{key}', { cookie, params: { ...chatParams, key: 'os' } });
  await ask(stopTurn, 'POST', '/api/chats/{id}/stop', { cookie, params: chatParams });
  await ask(closeChat, 'POST', '/api/chats/{id}/close', { cookie, params: chatParams });
  // a read-only link to the chat, its earlier messages read through it, then revoked
  const share = await ask(shareChat, 'POST', '/api/chats/{id}/share', { cookie, params: chatParams });
  await ask(activeShare, 'GET', '/api/chats/{id}/share', { cookie, params: chatParams });
  await ask(sharedMessages, 'GET', '/api/shared/chats/{token}/messages', {
    cookie,
    params: { token: new URL(share.url).pathname.split('/').at(-1)! },
    query: '?limit=1',
  });
  await ask(revokeShare, 'DELETE', '/api/chats/{id}/share', { cookie, params: chatParams });
  await ask(models, 'GET', '/api/models', { cookie });
  const spare = await ask(createChat, 'POST', '/api/chats', { cookie, body: { title: 'Spare' } });
  await ask(patchChat, 'PATCH', '/api/chats/{id}', { cookie, params: { id: spare.id }, body: { status: 'archived' } });
  await ask(listChats, 'GET', '/api/chats', { cookie, query: '?status=archived' });
  await ask(deleteChat, 'DELETE', '/api/chats/{id}', { cookie, params: { id: spare.id } });
  // a Claude.ai export brought in as chats
  const exported = new FormData();
  const conversation = {
    uuid: 'c1',
    name: 'Imported',
    created_at: '2025-02-10T18:30:00Z',
    chat_messages: [{ sender: 'human', text: 'Hello' }],
  };
  exported.append('file', new File([JSON.stringify([conversation])], 'conversations.json', { type: 'application/json' }));
  await ask(importChats, 'POST', '/api/chats/import', { cookie, form: exported });

  // files waiting in the chat
  const files = new FormData();
  files.append('chatId', chat.id);
  files.append('files', new File(['Opening hours are 8 to 18.'], 'hours.txt', { type: 'text/plain' }));
  const [waiting] = await ask(attachFiles, 'POST', '/api/documents/attachments', { cookie, form: files });
  await ask(listAttachments, 'GET', '/api/documents/attachments', { cookie, query: `?chatId=${chat.id}` });
  await ask(removeAttachment, 'DELETE', '/api/documents/attachments/{id}', { cookie, params: { id: waiting.id } });

  // a file for the next message
  const forMessage = new FormData();
  forMessage.append('files', new File(['Opening hours are 8 to 18.'], 'hours.txt', { type: 'text/plain' }));
  await ask(attachChatFiles, 'POST', '/api/chats/{id}/files', { cookie, form: forMessage, params: chatParams });

  // a document written by the pipeline: questions asked, answered through the API, then written
  const document = await ask(createDocument, 'POST', '/api/documents', {
    cookie,
    body: {
      request: 'Write a report on the Lisbon warehouse',
      chatId: chat.id,
      sectionCount: 2,
      sources: [{ kind: 'text', title: 'Warehouse notes', content: SAMPLE_SOURCE }],
    },
  });
  const documentParams = { id: document.id };
  await driveJobsToRest(app.pipeline, { answer: false });
  const { questions } = await ask(getDocument, 'GET', '/api/documents/{id}', { cookie, params: documentParams });
  const open = (questions as Array<{ id: string; answer: string | null }>).filter((q) => q.answer === null);
  await ask(answerQuestions, 'POST', '/api/documents/{id}/answers', {
    cookie,
    params: documentParams,
    body: { answers: open.map((q) => ({ questionId: q.id, text: 'Operations managers; 2021 to 2023.' })) },
  });
  await driveJobsToRest(app.pipeline, { answer: false });
  const view = await ask(getDocument, 'GET', '/api/documents/{id}', { cookie, params: documentParams });
  await ask(listDocuments, 'GET', '/api/documents', { cookie });
  await ask(liveSections, 'GET', '/api/documents/{id}/live', { cookie, params: documentParams });
  await ask(addSources, 'POST', '/api/documents/{id}/sources', {
    cookie,
    params: documentParams,
    body: { sources: [{ kind: 'text', title: 'More notes', content: 'The Porto site opens in 2026.' }] },
  });
  const member = await ask(shareDocument, 'POST', '/api/documents/{id}/members', {
    cookie,
    params: documentParams,
    body: { email: 'tour-member@example.com', role: 'editor' },
  });
  await ask(listMembers, 'GET', '/api/documents/{id}/members', { cookie, params: documentParams });
  const memberParams = { ...documentParams, userId: member.userId };
  await ask(patchMember, 'PATCH', '/api/documents/{id}/members/{userId}', { cookie, params: memberParams, body: { role: 'reviewer' } });
  await ask(deleteMember, 'DELETE', '/api/documents/{id}/members/{userId}', { cookie, params: memberParams });
  await ask(notifications, 'GET', '/api/notifications', { cookie });
  await ask(unreadNotifications, 'GET', '/api/notifications/unread', { cookie });
  await ask(readNotifications, 'POST', '/api/notifications/read', { cookie });

  // a section edited, rewritten (applied, and held back as a proposal to accept and one to reject), restored
  const sectionParams = { id: view.sections[0].id as string };
  const rangeOf = (body: string, part: string) => ({ start: body.indexOf(part), end: body.indexOf(part) + part.length });
  const text = 'Sales grew in Lisbon.[^1] The team is small.';
  const saved = await ask(saveSection, 'PATCH', '/api/sections/{id}', {
    cookie,
    params: sectionParams,
    body: { body: text, baseVersion: view.sections[0].version },
  });
  const applied = await ask(rewrite, 'POST', '/api/sections/{id}/rewrite', {
    cookie,
    params: sectionParams,
    body: { ...rangeOf(text, 'The team is small.'), instruction: 'rephrase this', baseVersion: saved.version },
  });
  const held = await ask(rewrite, 'POST', '/api/sections/{id}/rewrite', {
    cookie,
    params: sectionParams,
    body: {
      ...rangeOf(applied.body, 'Sales grew in Lisbon.[^1]'),
      instruction: 'rephrase this [sim:hallucinate]',
      baseVersion: applied.version,
    },
  });
  const accepted = await ask(acceptProposal, 'POST', '/api/sections/{id}/proposals/{proposalId}/accept', {
    cookie,
    params: { ...sectionParams, proposalId: held.proposalId },
    body: { baseVersion: applied.version },
  });
  const resaved = await ask(saveSection, 'PATCH', '/api/sections/{id}', {
    cookie,
    params: sectionParams,
    body: { body: text, baseVersion: accepted.version },
  });
  const heldAgain = await ask(rewrite, 'POST', '/api/sections/{id}/rewrite', {
    cookie,
    params: sectionParams,
    body: { ...rangeOf(text, 'The team is small.'), instruction: 'rephrase this [sim:hallucinate]', baseVersion: resaved.version },
  });
  await ask(rejectProposal, 'POST', '/api/sections/{id}/proposals/{proposalId}/reject', {
    cookie,
    params: { ...sectionParams, proposalId: heldAgain.proposalId },
  });
  await app.db.section.update({
    where: { id: sectionParams.id },
    data: {
      status: 'flagged',
      flags: [
        { token: '73.4%', kind: 'number', start: 0, end: 5 },
        { token: 'Zebulon Quark', kind: 'name', start: 6, end: 19 },
      ],
    },
  });
  await ask(dismissFlag, 'POST', '/api/sections/{id}/flags/dismiss', {
    cookie,
    params: sectionParams,
    body: { token: '73.4%', reason: 'It is in the annual report.' },
  });
  await ask(sectionVersions, 'GET', '/api/sections/{id}/versions', { cookie, params: sectionParams });
  await ask(restoreVersion, 'POST', '/api/sections/{id}/restore', {
    cookie,
    params: sectionParams,
    body: { version: 1, baseVersion: resaved.version },
  });

  // a second document, paused (as a budget would leave it), resumed, then cancelled before any worker takes it
  const second = await ask(createDocument, 'POST', '/api/documents', { cookie, body: { request: 'Write a short note on green tea' } });
  await app.db.documentJob.update({ where: { documentId: second.id }, data: { status: 'paused' } });
  await ask(resumeDocument, 'POST', '/api/documents/{id}/resume', { cookie, params: { id: second.id }, body: { budgetMicros: 2_000_000 } });
  await ask(cancelDocument, 'POST', '/api/documents/{id}/cancel', { cookie, params: { id: second.id } });
  // a cancelled document is resumed (and cancelled again), renamed, then deleted
  await ask(resumeDocument, 'POST', '/api/documents/{id}/resume', { cookie, params: { id: second.id }, body: {} });
  await ask(cancelDocument, 'POST', '/api/documents/{id}/cancel', { cookie, params: { id: second.id } });
  await ask(renameDocument, 'PATCH', '/api/documents/{id}', { cookie, params: { id: second.id }, body: { title: 'Green tea, briefly' } });
  await ask(deleteDocument, 'DELETE', '/api/documents/{id}', { cookie, params: { id: second.id } });

  await ask(wallet, 'GET', '/api/wallet', { cookie });
  await ask(ledger, 'GET', '/api/ledger', { cookie });

  // staff: a top-up and its replay, invites, everyone's ledger, transcripts
  const grant = { email: 'tour-reader@example.com', amountMicros: 1_000_000, reason: 'A tour of the API', idempotencyKey: 'tour-grant-1' };
  await ask(grantCredits, 'POST', '/api/staff/credits', { cookie: staffCookie, body: grant });
  await ask(grantCredits, 'POST', '/api/staff/credits', { cookie: staffCookie, body: grant });
  await ask(listCredits, 'GET', '/api/staff/credits', { cookie: staffCookie });
  await ask(ownCredits, 'GET', '/api/credits', { cookie });
  const { invite } = await ask(createInvite, 'POST', '/api/staff/invites', {
    cookie: staffCookie,
    body: { email: 'newcomer@example.com' },
  });
  await ask(listInvites, 'GET', '/api/staff/invites', { cookie: staffCookie });
  await ask(revokeInvite, 'DELETE', '/api/staff/invites/{id}', { cookie: staffCookie, params: { id: invite.id } });
  await ask(staffLedger, 'GET', '/api/staff/ledger', { cookie: staffCookie });
  await ask(transcripts, 'GET', '/api/staff/transcripts', { cookie: staffCookie });
  const arenaNow = await ask(arena, 'GET', '/api/staff/arena', { cookie: staffCookie });
  if (arenaNow.rounds !== 1) throw new Error(`the arena counted ${arenaNow.rounds} marked rounds, not the tour's one`);
  await ask(transcript, 'GET', '/api/staff/transcripts/{chatId}', { cookie: staffCookie, params: { chatId: chat.id } });
  await ask(transcriptMessages, 'GET', '/api/staff/transcripts/{chatId}/messages', { cookie: staffCookie, params: { chatId: chat.id } });
  // people: the member's account is deactivated and reactivated
  const people = await ask(listPeople, 'GET', '/api/staff/people', { cookie: staffCookie, query: '?email=tour-member' });
  await ask(deactivate, 'POST', '/api/staff/people/{id}/deactivation', { cookie: staffCookie, params: { id: people[0].id } });
  await ask(reactivate, 'DELETE', '/api/staff/people/{id}/deactivation', { cookie: staffCookie, params: { id: people[0].id } });
  // the grant, the invite, the transcript and the deactivation above are in the audit log
  await ask(auditLog, 'GET', '/api/staff/audit', { cookie: staffCookie });
  // someone leaves
  const goner = await signUp('tour-goner@example.com');
  await ask(deleteAccount, 'DELETE', '/api/account', { cookie: goner, body: { password: 'correct-horse-battery' } });

  // operations, and readiness once more from a process whose model endpoint does not answer
  await ask(async () => health(), 'GET', '/healthz');
  await ask(readiness, 'GET', '/readyz');
  await ask(openApi, 'GET', '/api/openapi.json');
  const cut = await buildApp({ ...app.config, llm: { ...app.config.llm, baseUrl: 'http://127.0.0.1:9/v1' } }, app.database);
  serveApp(cut);
  try {
    await ask(readiness, 'GET', '/readyz', { status: 503 });
  } finally {
    serveApp(app);
    await cut.stopBus.close();
  }
  return answers;
}
