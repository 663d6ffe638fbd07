import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS } from '@/lib/documents/export/export-formats';
import { addedSourcesBody, createFields } from '@/lib/documents/intake/document-request';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES } from '@/lib/documents/sources/upload-limits';
import {
  answersSavedResponse,
  attachmentRemovedResponse,
  documentCreatedResponse,
  documentDeletedResponse,
  documentListItemResponse,
  documentMemberResponse,
  documentRenamedResponse,
  documentViewResponse,
  jobStatusResponse,
  liveSectionsResponse,
  memberRemovedResponse,
  memberRoleResponse,
  notificationResponse,
  notificationsReadResponse,
  savedSourceResponse,
  unreadCountResponse,
  waitingAttachmentResponse,
} from './documents-responses';

/**
 * The document routes' request schemas (app/api/documents/**, app/api/notifications)
 * and how the API document describes each operation. The routes validate with
 * these schemas; lib/http/openapi/ turns the same ones into the OpenAPI document.
 * POST /api/documents validates with `createFields` (lib/http/read-document-request.ts
 * also reads the multipart form into it). What the routes answer is in documents-responses.ts.
 */

export const answersBody = z.object({
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(100), text: z.string().trim().min(1).max(2000) }))
    .min(1)
    .max(10),
});

export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('md') });

export const memberRoleBody = z.object({ role: z.enum(['reviewer', 'editor']) });

export const shareBody = z.object({ email: z.string().email().max(320), role: z.enum(['reviewer', 'editor']) });

/** PATCH /api/documents/:id: the owner renames the document (tidied as an automatic title is; blank is a 400). */
export const renameDocumentBody = z.object({
  title: z
    .string()
    .max(200)
    .refine((title) => title.replace(/[\s.…"'«»“”]+/gu, '') !== '', 'Give the document a name.'),
});

/** Optional `{budgetMicros}` raises the document's budget (a budget pause resumes only with room to spend). */
export const resumeBody = z.object({ budgetMicros: z.number().int().positive().max(1_000_000_000).optional() });

/** GET /api/documents: only the page. */
export const documentListQuery = pageQuery;

/** GET /api/documents/:id/members: only the page. */
export const memberListQuery = pageQuery;

export const notificationsQuery = pageQuery.extend({
  unread: z.enum(['true', 'false']).optional().meta({ description: '`true`: only the notifications not read yet.' }),
});

export const attachmentsQuery = z.object({
  chatId: z.string({ error: 'Name the chat: ?chatId=…' }).min(1, 'Name the chat: ?chatId=…').max(100),
});

// Multipart forms are read field by field (lib/http/read-document-request.ts); these describe them for the document only.
const files = z
  .array(z.string().meta({ contentMediaType: 'application/octet-stream' }))
  .min(1)
  .max(MAX_FILES_PER_REQUEST)
  .meta({
    description: `Text, Markdown, PDF or DOCX; ${MAX_SOURCE_FILE_BYTES / 1024 / 1024} MB each, ${MAX_UPLOAD_FILES_BYTES / 1024 / 1024} MB together.`,
  });
const documentForm = z.object({
  request: z.string().min(3).max(4000),
  chatId: z.string().max(100).optional(),
  allowPublicSources: z.enum(['true', 'false']).optional(),
  budgetMicros: z.string().optional(),
  sectionCount: z.string().optional(),
  model: z.string().max(200).optional(),
  links: z.string().optional().describe('Links to read, one URL a line (at most 20); needs public sources.'),
  files: files.optional(),
});
const chatAttachmentForm = z.object({ chatId: z.string().max(100), files });
const documentSourcesForm = z.object({ files });

const pipelineRefusals = { 402: 'Not enough credits.', 429: 'Rate limit reached; `Retry-After` says when to try again.' };

export const documentOperations = defineOperations([
  {
    method: 'GET',
    path: '/api/documents',
    tag: 'Documents',
    auth: 'session',
    summary: "The caller's own and shared documents, newest first.",
    query: documentListQuery,
    paged: true,
    responses: { 200: 'The documents.' },
    responseBodies: { 200: z.array(documentListItemResponse) },
  },
  {
    method: 'POST',
    path: '/api/documents',
    tag: 'Documents',
    auth: 'session',
    summary: 'Start a document: research, plan and write it.',
    description:
      'JSON, or `multipart/form-data` with a `request` field plus files. Links written in the request text are read like `{kind: url}` sources (the first few, where public sources are allowed); the answer names those that will not be.',
    body: createFields,
    bodyType: 'json-or-multipart',
    multipartBody: documentForm,
    responses: {
      201: '`{id, unreadLinks}`: the new document, and the links in its request that will not be read.',
      ...pipelineRefusals,
      422: 'A file could not be read.',
    },
    responseBodies: { 201: documentCreatedResponse },
  },
  {
    method: 'GET',
    path: '/api/documents/{id}',
    tag: 'Documents',
    auth: 'session',
    summary: 'A document with its questions, progress, sections and sources.',
    responses: { 200: 'The document.' },
    responseBodies: { 200: documentViewResponse },
  },
  {
    method: 'PATCH',
    path: '/api/documents/{id}',
    tag: 'Documents',
    auth: 'session',
    summary: 'Rename the document (owner).',
    body: renameDocumentBody,
    responses: { 200: '`{id, title}`: the name as stored.', 403: 'Only the owner renames a document.' },
    responseBodies: { 200: documentRenamedResponse },
  },
  {
    method: 'DELETE',
    path: '/api/documents/{id}',
    tag: 'Documents',
    auth: 'session',
    summary: 'Delete the document (owner): a running job stops, shared people lose access; its ledger entries stay.',
    responses: { 200: '`{id, deleted: true}`.', 403: 'Only the owner deletes a document.' },
    responseBodies: { 200: documentDeletedResponse },
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/answers',
    tag: 'Documents',
    auth: 'session',
    summary: "Answer the document's questions; writing goes on.",
    body: answersBody,
    responses: {
      200: '`{woke, remaining}`: whether writing goes on, and how many questions are still open.',
      409: 'The document is not waiting for answers.',
      429: pipelineRefusals[429],
    },
    responseBodies: { 200: answersSavedResponse },
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/cancel',
    tag: 'Documents',
    auth: 'session',
    summary: 'Cancel the document job (it can be resumed later).',
    responses: { 200: "`{status}`: the job's status now.", 409: 'The document has already ended.' },
    responseBodies: { 200: jobStatusResponse },
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/resume',
    tag: 'Documents',
    auth: 'session',
    summary: 'Resume a paused, failed or cancelled document where it stopped, optionally with a larger budget.',
    body: resumeBody,
    responses: {
      200: "`{status}`: the job's status now.",
      409: 'Only a paused, failed or cancelled document can be resumed.',
      ...pipelineRefusals,
    },
    responseBodies: { 200: jobStatusResponse },
  },
  {
    method: 'GET',
    path: '/api/documents/{id}/export',
    tag: 'Documents',
    auth: 'session',
    summary: 'Download the document as Markdown, accessible HTML, Word (DOCX) or PDF, with its footnoted sources.',
    query: exportQuery,
    produces: Object.values(EXPORT_CONTENT_TYPES),
    responses: { 200: 'The file in the chosen format, as an attachment named after the document’s title.' },
  },
  {
    method: 'GET',
    path: '/api/documents/{id}/live',
    tag: 'Documents',
    auth: 'session',
    summary:
      "Each section's version and who saved it, and the caller's role, for an open page to follow other people's saves and a role change (no section text).",
    responses: {
      200: '`{sections: [{id, position, version, status, savedBy: {name, you} | null, savedAt}], role}`, sections in document order.',
      429: 'Polled too often; `Retry-After` says when to try again.',
    },
    responseBodies: { 200: liveSectionsResponse },
  },
  {
    method: 'GET',
    path: '/api/documents/{id}/members',
    tag: 'Documents',
    auth: 'session',
    summary: "The document's members and their roles, newest share first (pending shares among them).",
    query: memberListQuery,
    paged: true,
    responses: { 200: 'The members.' },
    responseBodies: { 200: z.array(documentMemberResponse) },
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/members',
    tag: 'Documents',
    auth: 'session',
    summary: 'Share the document: reviewers read, see history and restore; editors also edit and rewrite.',
    body: shareBody,
    description:
      'An address with no account yet gets a pending share and an invitation mail; its link opens the document only for an account using that address. The answer is the same either way. Each share mails the address (sharing again sends a new invitation, and the older link stops working).',
    responses: {
      201: '`{userId, role}` of the member or pending share.',
      400: 'The caller owns the document.',
      409: 'Too many invitations to this document wait already.',
      429: 'Too many shares this minute; `Retry-After` says when to try again.',
    },
    responseBodies: { 201: memberRoleResponse },
  },
  {
    method: 'PATCH',
    path: '/api/documents/{id}/members/{userId}',
    tag: 'Documents',
    auth: 'session',
    summary: "Change a member's role (owner).",
    body: memberRoleBody,
    responses: { 200: '`{userId, role}` of the member as they are now.' },
    responseBodies: { 200: memberRoleResponse },
  },
  {
    method: 'DELETE',
    path: '/api/documents/{id}/members/{userId}',
    tag: 'Documents',
    auth: 'session',
    summary: "Revoke a member's access (owner).",
    responses: { 200: '`{userId, removed: true}`.' },
    responseBodies: { 200: memberRemovedResponse },
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/sources',
    tag: 'Documents',
    auth: 'session',
    summary: 'Attach more files, links or pasted text; research rounds still to come read them.',
    description: 'Files as `multipart/form-data`; links and pasted text as JSON (links need public sources).',
    body: addedSourcesBody,
    bodyType: 'json-or-multipart',
    multipartBody: documentSourcesForm,
    responses: {
      201: 'The new sources, `[{id, title, kind}]`.',
      ...pipelineRefusals,
      422: 'A file could not be read, or the document does not read links.',
    },
    responseBodies: { 201: z.array(savedSourceResponse) },
  },
  {
    method: 'GET',
    path: '/api/documents/attachments',
    tag: 'Documents',
    auth: 'session',
    summary: "The files still waiting in one of the caller's chats.",
    query: attachmentsQuery,
    responses: { 200: 'The waiting files, newest first.' },
    responseBodies: { 200: z.array(waitingAttachmentResponse) },
  },
  {
    method: 'POST',
    path: '/api/documents/attachments',
    tag: 'Documents',
    auth: 'session',
    summary: "Attach files in a chat; the chat's start_document makes them the document's sources.",
    body: chatAttachmentForm,
    bodyType: 'multipart',
    responses: { 201: 'The files just attached, `[{id, title, kind}]`.', ...pipelineRefusals, 422: 'A file could not be read.' },
    responseBodies: { 201: z.array(savedSourceResponse) },
  },
  {
    method: 'DELETE',
    path: '/api/documents/attachments/{id}',
    tag: 'Documents',
    auth: 'session',
    summary: 'Remove a file still waiting in a chat.',
    responses: { 200: '`{id, removed: true}`.', 409: 'A document has already adopted the file.' },
    responseBodies: { 200: attachmentRemovedResponse },
  },
  {
    method: 'GET',
    path: '/api/notifications',
    tag: 'Documents',
    auth: 'session',
    summary: "The caller's notifications (a finished document, a document shared with them), newest first.",
    query: notificationsQuery,
    paged: true,
    responses: { 200: 'The notifications.' },
    responseBodies: { 200: z.array(notificationResponse) },
  },
  {
    method: 'GET',
    path: '/api/notifications/unread',
    tag: 'Documents',
    auth: 'session',
    summary: "How many of the caller's notifications are unread, counted up to 10 (the navigation badge shows 9+ past nine).",
    responses: {
      200: '`{count, capped}`: `capped` when there are at least `count` (10).',
      429: 'Polled too often; `Retry-After` says when to try again.',
    },
    responseBodies: { 200: unreadCountResponse },
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    tag: 'Documents',
    auth: 'session',
    summary: "Mark all the caller's notifications as read.",
    responses: { 200: '`{read}`: how many were unread.' },
    responseBodies: { 200: notificationsReadResponse },
  },
]);
