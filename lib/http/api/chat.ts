import { MAX_IMAGES_PER_MESSAGE } from '@/lib/chat/files/file-limits';
import { MAX_FILES_PER_REQUEST } from '@/lib/documents/sources/upload-limits';
import { z } from 'zod';
import { chatInstructionsField } from './instructions';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import { pageQuery } from '@/lib/http/paging';
import { MAX_MESSAGE_CHARS, MAX_SIDE_BY_SIDE } from '@/lib/chat/limits';
import { MAX_IMPORT_BYTES, MAX_IMPORT_CHATS, MAX_IMPORT_MESSAGES_PER_CHAT } from '@/lib/chat/import/import-limits';
import { SEARCH_QUERY_MAX } from '@/lib/chat/search-chats';
import {
  chatClosedResponse,
  chatCreatedResponse,
  chatDeletedResponse,
  chatImportResponse,
  chatListResponse,
  chatMessageResponse,
  answerContextResponse,
  chatShareResponse,
  chatShareRevokedResponse,
  sharedMessageResponse,
  chatViewResponse,
  modelResponse,
  keyFactRemovedResponse,
  keyFactSavedResponse,
  turnStoppedResponse,
} from './chat-responses';

/**
 * The chat routes' request schemas (app/api/chats/**, app/api/models) and how
 * the API document describes each operation. The routes validate with these
 * schemas; lib/http/openapi/ turns the same ones into the OpenAPI document.
 * What the routes answer is in chat-responses.ts.
 */

/** `GET /api/chats/:id/messages`: only the page to read. */
export const chatMessagesQuery = pageQuery;

/** `GET /api/shared/chats/:token/messages`: only the page to read. */
export const sharedMessagesQuery = pageQuery;

/** `GET /api/chats/:id` (and a staff transcript): the newest page, or the page around one message. */
export const chatViewQuery = z.object({
  around: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Open at this message (a search hit far back): the page around it, with `newerPage` for the ones after.' }),
});

export const chatExportQuery = z.object({
  format: z.enum(['md', 'json']).default('md').meta({ description: 'Markdown to read, or JSON (`quire.chat.v1`) with every message.' }),
});

export const chatCreateBody = z.object({
  title: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  /** start a new topic from this chat: its key facts come along */
  carrySlotsFrom: z.string().max(100).optional().meta({ description: 'Start a new topic from this chat: its key facts come along.' }),
  /** "New chat" in the app: reuse the person's untouched chat instead of adding another empty one */
  reuseEmpty: z.boolean().optional().meta({ description: "Reuse the caller's untouched chat instead of adding another empty one." }),
});

export const chatListQuery = pageQuery.extend({
  status: z.enum(['archived']).optional().meta({ description: 'List the archived chats instead.' }),
  q: z
    .string()
    .max(SEARCH_QUERY_MAX)
    .optional()
    .meta({ description: 'Search every chat (titles and messages; Chinese split into words).' }),
});

export const chatSettingsBody = z
  .object({
    title: z.string().max(200).optional(),
    summariesEnabled: z.boolean().optional(),
    /** archive the chat, or bring it back into the list */
    status: z.enum(['archived', 'open']).optional(),
    /** the chat's own instructions, pinned in every turn's prompt ('' clears them) */
    instructions: chatInstructionsField.optional(),
    /** let the model search the public web in this chat (only where the deployment has PUBLIC_SOURCES=on) */
    webSearch: z.boolean().optional(),
  })
  .refine(
    (v) =>
      v.title !== undefined ||
      v.summariesEnabled !== undefined ||
      v.status !== undefined ||
      v.instructions !== undefined ||
      v.webSearch !== undefined,
    'Nothing to change.',
  );

export const regenerateBody = z.object({ model: z.string().max(200).optional() });

/** `POST /api/chats/import`: the export file. */
export const chatImportForm = z.object({
  file: z.string().meta({
    format: 'binary',
    description: `ChatGPT's or Claude.ai's conversations.json, the export's ZIP, or a chat exported from Quire as JSON (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`,
  }),
});

const chatFilesForm = z.object({
  files: z
    .array(z.string().meta({ contentMediaType: 'application/octet-stream' }))
    .min(1)
    .max(MAX_FILES_PER_REQUEST),
});
export const chatFileAttachedResponse = z.strictObject({
  id: z.string(),
  sourceId: z.string().nullable().meta({ description: 'The waiting source start_document adopts; null for an image.' }),
  kind: z.enum(['file', 'image']),
  name: z.string(),
  size: z.number().int(),
});

const messageBodyFields = z.object({
  text: z
    .string()
    .trim()
    .max(MAX_MESSAGE_CHARS, `A message can be at most ${MAX_MESSAGE_CHARS} characters.`)
    .meta({ description: 'The message; it may be empty ("") when `files` holds at least one file or image, never otherwise.' }),
  model: z.string().max(200).optional(),
  files: z
    .array(z.uuid())
    .max(MAX_FILES_PER_REQUEST + MAX_IMAGES_PER_MESSAGE)
    .optional()
    .meta({ description: 'Files and images uploaded with POST /api/chats/{id}/files for this message.' }),
});

/** Text, or at least one file or image: a photo sent on its own is a question too. */
const notEmpty = (body: { text: string; files?: string[] }) => body.text.length > 0 || (body.files?.length ?? 0) > 0;
const EMPTY = { message: 'The message is empty.', path: ['text'] };

export const chatMessageBody = messageBodyFields.refine(notEmpty, EMPTY);

/** A new message, and the models that answer it side by side with `model` (docs/architecture.md "Side by side"). */
export const sendMessageBody = messageBodyFields
  .extend({
    compare: z
      .array(z.string().max(200))
      .min(1)
      .max(MAX_SIDE_BY_SIDE - 1)
      .optional()
      .meta({
        description: `Up to ${MAX_SIDE_BY_SIDE - 1} more models that answer the message side by side with \`model\`, each its own billed answer; the first stays on screen until another is picked (POST .../messages/{messageId}/show).`,
      }),
  })
  .refine(notEmpty, EMPTY);

export const stopTurnBody = z.object({
  messageId: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Stop only this answer of a side-by-side round; without it the whole turn stops.' }),
});

export const betterAnswerResponse = z.strictObject({
  round: z.string().meta({ description: 'The side-by-side round (the answers share it).' }),
  better: z.string().nullable().meta({ description: 'The marked answer, or null once the mark is taken off.' }),
});

export const keyFactValueBody = z.object({ value: z.string().trim().min(1, 'A fact cannot be empty.').max(200) });

const TURN_STREAM = 'text/event-stream';
const turnRefusals = {
  402: 'Not enough credits for the turn.',
  409: 'A turn is already live in this chat.',
  429: 'Rate limit reached; `Retry-After` says when to try again.',
};

export const chatOperations = defineOperations([
  {
    method: 'GET',
    path: '/api/chats',
    tag: 'Chats',
    auth: 'session',
    summary: "The caller's chats, newest activity first; archived ones or a search on request.",
    query: chatListQuery,
    paged: true,
    responses: { 200: 'The chats.' },
    responseBodies: { 200: chatListResponse },
  },
  {
    method: 'POST',
    path: '/api/chats',
    tag: 'Chats',
    auth: 'session',
    summary: 'Start a chat.',
    body: chatCreateBody,
    responses: { 201: "`{id}` of the new chat (with `reuseEmpty`, possibly of the caller's untouched one)." },
    responseBodies: { 201: chatCreatedResponse },
  },
  {
    method: 'POST',
    path: '/api/chats/import',
    tag: 'Chats',
    auth: 'session',
    summary: `Import chats from an export: each conversation becomes a new chat of the caller's (title, messages in order with their roles and times, marked as imported). At most ${MAX_IMPORT_CHATS.toLocaleString('en')} conversations; a longer one keeps its first ${MAX_IMPORT_MESSAGES_PER_CHAT.toLocaleString('en')} messages. No model is called and nothing is charged; a refused file makes no chat.`,
    body: chatImportForm,
    bodyType: 'multipart',
    responses: {
      201: 'How many chats were made, the first of them, and what was left out.',
      400: '`import_too_deep`: the JSON nests deeper than 64 levels.',
      413: '`import_too_large` (the file is over 50 MB), `import_too_many_chats`, or `import_zip_bomb` (the ZIP inflates far past its size).',
      422: '`import_not_recognised`: not a ChatGPT, Claude.ai or Quire export.',
      429: 'Rate limit reached; `Retry-After` says when to try again.',
    },
    responseBodies: { 201: chatImportResponse },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}',
    tag: 'Chats',
    auth: 'session',
    summary:
      'A chat with its newest messages (oldest first among them) and pinned facts; `olderPage` reads the ones before. With `around`, the messages around that one instead.',
    query: chatViewQuery,
    responses: { 200: 'The chat.', 404: 'No such chat, or the `around` message is not in it.' },
    responseBodies: { 200: chatViewResponse },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/messages',
    tag: 'Chats',
    auth: 'session',
    summary:
      'A page of the chat\'s messages, newest first: the chat\'s `olderPage`, then each `Link: rel="next"`, reads further back. From a `newerPage`, oldest first, reading forward.',
    query: chatMessagesQuery,
    paged: true,
    responses: { 200: 'The messages.' },
    responseBodies: { 200: z.array(chatMessageResponse) },
  },
  {
    method: 'PATCH',
    path: '/api/chats/{id}',
    tag: 'Chats',
    auth: 'session',
    summary: 'Rename a chat, switch its summaries on or off, archive it or bring it back.',
    body: chatSettingsBody,
    responses: { 200: 'The chat as it is now.' },
    responseBodies: { 200: chatViewResponse },
  },
  {
    method: 'DELETE',
    path: '/api/chats/{id}',
    tag: 'Chats',
    auth: 'session',
    summary: 'Delete a chat (its ledger entries stay).',
    responses: { 200: '`{id, deleted: true}`.', 409: 'An answer is being written in the chat.' },
    responseBodies: { 200: chatDeletedResponse },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/share',
    tag: 'Chats',
    auth: 'session',
    summary:
      'Make a read-only link to the chat as it is now (a snapshot: later messages are not shown). Any signed-in person with the link can read it. Owner only.',
    responses: {
      201: 'The link, when it was made and the moment its snapshot holds.',
      404: 'No such chat.',
      409: 'The chat already has an active link.',
    },
    responseBodies: { 201: chatShareResponse },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/share',
    tag: 'Chats',
    auth: 'session',
    summary: "The chat's active read-only link. Owner only.",
    responses: { 200: 'The link.', 404: 'No such chat, or it has no active link.' },
    responseBodies: { 200: chatShareResponse },
  },
  {
    method: 'DELETE',
    path: '/api/chats/{id}/share',
    tag: 'Chats',
    auth: 'session',
    summary: "Revoke the chat's link: its address answers 404 from now on. Owner only.",
    responses: { 200: '`{revoked: true}`.', 404: 'No such chat, or it has no active link.' },
    responseBodies: { 200: chatShareRevokedResponse },
  },
  {
    method: 'GET',
    path: '/api/shared/chats/{token}/messages',
    tag: 'Chats',
    auth: 'session',
    summary:
      "A page of a shared chat's messages up to its snapshot, newest first: the shared page's earlier messages. Any signed-in person with the link.",
    query: sharedMessagesQuery,
    paged: true,
    responses: { 200: 'The messages.', 404: 'No such link, or it was revoked.' },
    responseBodies: { 200: z.array(sharedMessageResponse) },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/export',
    tag: 'Chats',
    auth: 'session',
    summary: 'Download the chat as Markdown or JSON, every message oldest first (streamed).',
    query: chatExportQuery,
    produces: 'text/markdown',
    responses: { 200: 'The file (`text/markdown` or `application/json`), as an attachment.', 404: 'No such chat.' },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/files',
    tag: 'Chats',
    auth: 'session',
    summary: 'Attach files (PDF, DOCX, text, Markdown, CSV, code) or images (PNG, JPEG, WebP, GIF) for the next message.',
    description:
      'Send their ids as the message’s `files`. A file is read as for document sources and also waits in the chat for start_document; an image is re-encoded without its metadata. Refusals name the limit in `limit`: 413 `file_size`, `image_size`, `upload_size`, `storage`; 422 `pixels`, `metadata`, `image_type`, `pages`, `time`, `memory`.',
    body: chatFilesForm,
    bodyType: 'multipart',
    responses: {
      201: 'The files just attached, `[{id, sourceId, kind, name, size}]`.',
      402: 'Not enough credits.',
      404: 'No such chat.',
      413: 'A file, the upload or the person’s storage is over its limit.',
      422: 'A file could not be read, or is over a reading limit.',
      429: 'Rate limit reached.',
    },
    responseBodies: { 201: z.array(chatFileAttachedResponse) },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/files/{fileId}',
    tag: 'Chats',
    auth: 'session',
    summary: 'Download a file sent with a message (its owner, or staff).',
    produces: 'application/octet-stream',
    responses: { 200: 'The file as uploaded (an image as re-encoded, shown inline).', 404: 'No such file, or not yours.' },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages',
    tag: 'Chats',
    auth: 'session',
    summary: 'Send a message; the answer streams back.',
    description:
      'The turn streams as the AI SDK UI message stream (SSE) with header `x-turn-id`. Closing the connection stops the turn. With `compare`, the answers of the other models come in the same stream as transient `data-side` parts tagged with their message ids; the stream ends after the last answer. A wallet that cannot reserve every answer gets 402 before any call, naming how many it covers. One round counts as one request against the rate limits.',
    body: sendMessageBody,
    produces: TURN_STREAM,
    responses: { 200: 'The turn, streamed.', ...turnRefusals },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages/{messageId}/continue',
    tag: 'Chats',
    auth: 'session',
    summary: 'Continue a truncated or stopped answer into the same message.',
    produces: TURN_STREAM,
    responses: { 200: 'The continuation, streamed.', ...turnRefusals },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages/{messageId}/retry',
    tag: 'Chats',
    auth: 'session',
    summary: 'Rerun an answer that ended in an error.',
    produces: TURN_STREAM,
    responses: { 200: 'The new answer, streamed.', ...turnRefusals },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages/{messageId}/regenerate',
    tag: 'Chats',
    auth: 'session',
    summary: "Answer the chat's last question again, with the same or another model: a new sibling answer, shown instead of the old one.",
    body: regenerateBody,
    produces: TURN_STREAM,
    responses: { 200: 'The new answer, streamed.', ...turnRefusals },
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/messages/{messageId}/context',
    tag: 'Chats',
    auth: 'session',
    summary: 'What the model saw for one answer: its stored context, with the texts of the messages it names.',
    description:
      "The chat's page carries each answer's context as its tokens and cost only; this reads the rest when \"What the model saw\" is opened. The chat must be the caller's (any, for staff).",
    responseBodies: { 200: answerContextResponse },
    responses: { 200: 'The context.', 404: 'No such answer with a stored context in this chat.' },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages/{messageId}/show',
    tag: 'Chats',
    auth: 'session',
    summary: 'Show this message instead of its sibling on screen (the ‹ n / m › of a regenerated answer or an edited question).',
    description:
      'The conversation below it follows its branch as it was last left; the next turn is built from the branch on screen. Nothing is deleted. 404 when the message is not in this chat of yours; 409 while an answer is being written in the chat, or when the message sits under a branch that is not shown.',
    responseBodies: { 200: z.strictObject({ shown: z.string() }) },
    responses: {
      200: 'The message is on screen.',
      404: 'No such message in this chat.',
      409: 'An answer is being written, or the message is under a hidden branch.',
      429: 'Too many requests.',
    },
  },
  {
    method: 'PUT',
    path: '/api/chats/{id}/messages/{messageId}/better',
    tag: 'Chats',
    auth: 'session',
    summary: 'Mark this side-by-side answer as the better one of its round (a mark on another answer of the round moves here).',
    description:
      "One mark per round. It changes nothing in the conversation (POST …/show picks the answer it continues from); staff see every model's marks summed in GET /api/staff/arena. 404 when the message is not an answer in this chat of yours; 409 when it was not written side by side, or is still being written.",
    responseBodies: { 200: betterAnswerResponse },
    responses: {
      200: 'The answer is marked.',
      404: 'No such answer in this chat.',
      409: 'Not a side-by-side answer, or still being written.',
      429: 'Too many requests.',
    },
  },
  {
    method: 'DELETE',
    path: '/api/chats/{id}/messages/{messageId}/better',
    tag: 'Chats',
    auth: 'session',
    summary: 'Take the "better" mark off this answer (a mark on another answer of its round stays).',
    responseBodies: { 200: betterAnswerResponse },
    responses: {
      200: 'The round has no mark on this answer.',
      404: 'No such answer in this chat.',
      409: 'Not a side-by-side answer.',
      429: 'Too many requests.',
    },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages/{messageId}/edit',
    tag: 'Chats',
    auth: 'session',
    summary:
      "Edit one of the caller's messages and send it again as a new branch: it and everything after it leave the screen (kept, one ‹ n / m › away), the new answer streams back.",
    description:
      'Nothing is deleted and the ledger keeps every answer. 404 when `messageId` is not a message the person wrote in this chat.',
    body: chatMessageBody,
    produces: TURN_STREAM,
    responses: { 200: 'The new answer, streamed.', ...turnRefusals },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/stop',
    tag: 'Chats',
    auth: 'session',
    summary: "Stop the chat's live turn, whichever process streams it, or one answer of a side-by-side round.",
    body: stopTurnBody,
    responses: { 200: '`{stopped, turnId}`.' },
    responseBodies: { 200: turnStoppedResponse },
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/close',
    tag: 'Chats',
    auth: 'session',
    summary: 'Close a chat; the next message reopens it.',
    responses: { 200: '`{status: "closed"}`.' },
    responseBodies: { 200: chatClosedResponse },
  },
  {
    method: 'PATCH',
    path: '/api/chats/{id}/slots/{key}',
    tag: 'Chats',
    auth: 'session',
    summary: 'Correct a pinned fact (`key`: a built-in slot name or `fact:<name>`).',
    body: keyFactValueBody,
    responses: { 200: '`{key, value}`.' },
    responseBodies: { 200: keyFactSavedResponse },
  },
  {
    method: 'DELETE',
    path: '/api/chats/{id}/slots/{key}',
    tag: 'Chats',
    auth: 'session',
    summary: 'Remove a pinned fact.',
    responses: { 200: '`{key, removed: true}`.' },
    responseBodies: { 200: keyFactRemovedResponse },
  },
  {
    method: 'GET',
    path: '/api/models',
    tag: 'Chats',
    auth: 'session',
    summary: 'The models a chat can use, with their prices and the provider that serves each (`provider`).',
    responses: { 200: 'The catalog.' },
    responseBodies: { 200: z.array(modelResponse) },
  },
]);
