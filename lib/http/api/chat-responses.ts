import { z } from 'zod';
import type { ChatMessageView, ChatView, StaffModelCall } from '@/lib/chat/chat-view';
import type { withMessagePages } from '@/lib/http/paging';
import type { createChat, listArchivedChats, listChats } from '@/lib/chat/chats';
import type { MessageMeta } from '@/lib/chat/message-meta';
import type { ChatSearchHit } from '@/lib/chat/search-chats';
import type { ImportResult } from '@/lib/chat/import/import-chats';
import { IMPORT_SOURCES } from '@/lib/chat/import/import-sources';
import { citationSchema, MESSAGE_ROLES, MESSAGE_STATUSES, turnDataSchemas } from '@/lib/chat/turn/wire';
import type { ModelInfo } from '@/lib/llm/catalog';
import type { withLeastReserve } from '@/lib/billing/pricing';
import { modelCallResponse } from './billing';
import type { AllTrue, DescribesJsonOf, ResultOf } from './json-shape';

/**
 * What the chat routes answer (app/api/chats/**, app/api/models), as the API
 * document states it and the browser reads it. The checks at the end tie each
 * schema to the domain type the route returns.
 */

export const chatSummaryResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.string().meta({ description: 'open, closed or archived' }),
  model: z.string(),
  webSearch: z.boolean().meta({
    description: 'The person lets the model search the public web in this chat (only where the deployment has PUBLIC_SOURCES=on).',
  }),
  lastMessageAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});

export const chatSearchHitResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  lastMessageAt: z.iso.datetime(),
  snippet: z.string().nullable().meta({ description: 'Around the newest matching message; null when only the title matched.' }),
  messageId: z
    .string()
    .nullable()
    .meta({ description: 'That message: `GET /api/chats/{id}?around=` (or the page `/chats/{id}?message=`) opens the chat at it.' }),
});

export const chatListResponse = z.union([
  z.array(chatSummaryResponse).meta({ description: 'A page of the list.' }),
  z.array(chatSearchHitResponse).meta({ description: 'With `q`: a page of the chats that match.' }),
]);

export const chatCreatedResponse = z.strictObject({ id: z.string() });

const role = z.enum(MESSAGE_ROLES);

/** What the model saw for one answer (lib/chat/context/answer-context.ts). */
const answerContext = z.strictObject({
  model: z.string(),
  inputTokens: z.number().int(),
  costMicros: z.number().meta({ description: 'Input cost of the prompt, to a hundredth of a micro-USD.' }),
  parts: z.array(
    z.strictObject({
      part: z.enum(['system', 'instructions', 'slots', 'summary', 'recalled', 'files', 'window', 'current']),
      tokens: z.number().int(),
      costMicros: z.number(),
    }),
  ),
  instructions: z
    .strictObject({ aboutMe: z.string(), answerStyle: z.string(), chat: z.string() })
    .optional()
    .meta({ description: "The person's About me and How to answer, and the chat's own instructions, as sent." }),
  slots: z.array(z.strictObject({ key: z.string(), value: z.string(), previous: z.string().optional() })),
  summary: z.string().nullable(),
  window: z.array(z.strictObject({ id: z.string(), role, tokens: z.number().int() })),
  recalled: z.array(
    z.strictObject({
      id: z.string(),
      role,
      tokens: z.number().int(),
      matched: z.array(z.string()),
      excerpt: z.boolean(),
      file: z
        .strictObject({ id: z.string(), name: z.string(), label: z.string(), text: z.string() })
        .optional()
        .meta({ description: 'A part of a file attached earlier in the chat, recalled like an older message (its text as shown).' }),
    }),
  ),
  files: z
    .array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        parts: z.array(z.strictObject({ number: z.number().int(), label: z.string(), tokens: z.number().int(), text: z.string() })),
        omitted: z.number().int().meta({ description: 'Parts that did not fit this prompt (later turns recall them).' }),
      }),
    )
    .optional()
    .meta({ description: "The question's attached files: the parts sent with it (their text as shown, cut for the view)." }),
  omitted: z.number().int(),
});

/** Open by design: a document event's card carries its own numbers beside `event`. */
export const answerContextResponse = z.strictObject({
  context: answerContext,
  messages: z
    .array(z.strictObject({ id: z.string(), role, text: z.string() }))
    .meta({ description: 'The messages the context names (turns sent whole, recalled ones), wherever they are in the chat.' }),
});

const messageMeta = z.looseObject({
  context: answerContext.optional(),
  tools: z.array(z.strictObject(turnDataSchemas.tool.shape)).optional(),
  citations: z
    .array(z.strictObject(citationSchema.shape))
    .optional()
    .meta({ description: 'The numbered sources the answer cites ([1], [2]…): page title, address and the sentence quoted (web search).' }),
  event: z.string().optional().meta({ description: 'A system-posted document event: document_started, document_updated…' }),
  round: z.string().optional().meta({ description: 'The side-by-side round the answer was written in (shared by its answers).' }),
});

export const staffModelCallResponse = modelCallResponse.extend({ turnId: z.string().nullable() });

const messageFields = z.strictObject({
  id: z.string(),
  role,
  kind: z.string().meta({ description: 'text, or event for a system-posted document event' }),
  text: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  model: z.string().nullable(),
  finishReason: z.string().nullable(),
  continuations: z.number().int(),
  usage: z.strictObject({
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    reasoningTokens: z.number().int(),
    estimated: z.boolean(),
  }),
  costMicros: z.number().int(),
  firstTokenMs: z
    .number()
    .int()
    .nullable()
    .meta({ description: "An answer's time from its first model request to its first word, in ms (null: no word yet, or not measured)." }),
  error: z.string().nullable(),
  meta: messageMeta.nullable(),
  createdAt: z.iso.datetime(),
  files: z
    .array(z.strictObject({ id: z.string(), name: z.string(), kind: z.enum(['file', 'image']), size: z.number().int(), url: z.string() }))
    .optional()
    .meta({ description: 'Files and images sent with the message (GET /api/chats/{id}/files/{fileId} downloads one).' }),
  siblings: z
    .strictObject({
      index: z.number().int().meta({ description: 'this message among its siblings, from 1 (oldest first)' }),
      count: z.number().int(),
      previousId: z.string().nullable().meta({ description: 'the sibling before it, to show with POST …/messages/{previousId}/show' }),
      nextId: z.string().nullable(),
    })
    .optional()
    .meta({
      description:
        'Present when the message has siblings (answers from Regenerate, questions from Edit & resend): the ‹ index / count › to page between branches.',
    }),
  calls: z.array(staffModelCallResponse).optional().meta({ description: 'Staff only: the model calls behind the answer.' }),
  better: z.boolean().optional().meta({
    description:
      'An answer of a side-by-side round: whether the person marked it as the better one (PUT /api/chats/{id}/messages/{messageId}/better).',
  }),
});

export const chatMessageResponse = messageFields.extend({
  round: z.array(messageFields).optional().meta({
    description:
      'An answer written side by side with others (POST /api/chats/{id}/messages with `compare`): every answer of that round, this one included, in the order asked for, each with its own status, cost and context. The one on screen is the one the conversation continues from; POST …/messages/{messageId}/show picks another.',
  }),
});

export const keyFactResponse = z.strictObject({
  key: z.string(),
  value: z.string(),
  history: z.array(z.strictObject({ value: z.string().nullable(), messageId: z.string().nullable(), at: z.iso.datetime() })),
});

export const chatViewResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  model: z.string(),
  summariesEnabled: z.boolean(),
  importedFrom: z
    .enum(IMPORT_SOURCES)
    .nullable()
    .meta({ description: 'Where an imported chat came from (ChatGPT, Claude.ai or a Quire export); null for a chat written here.' }),
  instructions: z.string().meta({ description: "The chat's own instructions, pinned in every turn's prompt ('' = none)." }),
  summary: z.string().nullable().optional().meta({ description: 'Staff only.' }),
  user: z.strictObject({ email: z.string(), name: z.string() }).optional().meta({ description: 'Staff only: whose chat it is.' }),
  liveTurnId: z.string().nullable(),
  lastMessageAt: z.iso.datetime(),
  idle: z.boolean().meta({ description: 'Untouched long enough that a new topic is suggested.' }),
  messages: z
    .array(chatMessageResponse)
    .meta({ description: 'The newest messages (50, fewer when they are long), oldest first among them.' }),
  olderPage: z
    .string()
    .nullable()
    .meta({ description: 'Where the messages before these are read (a paged list, newest first); null when none are older.' }),
  newerPage: z.string().nullable().meta({
    description:
      'Opened `around` a message far back: where the messages after these are read (oldest first); null when these reach the newest.',
  }),
  earlierUsage: z
    .strictObject({
      answers: z.number().int(),
      inputTokens: z.number().int(),
      costMicros: z.number().int(),
    })
    .meta({
      description:
        'What the messages before `messages` used: their answers, those answers’ input tokens, and their cost in micro-USD (all zero when `olderPage` is null). With the messages shown, the chat’s whole cost and each answer’s number in it.',
    }),
  slots: z.array(keyFactResponse),
});

export const chatImportResponse = z.strictObject({
  source: z.enum(IMPORT_SOURCES).nullable().meta({ description: 'Which app wrote the file; null when it held no conversation.' }),
  imported: z.number().int().meta({ description: 'Chats made.' }),
  skipped: z.number().int().meta({ description: 'Conversations with nothing a person could read (only system or tool messages).' }),
  chats: z
    .array(z.strictObject({ id: z.string(), title: z.string() }))
    .meta({ description: 'The first 20 chats made, in the file’s order.' }),
  shortened: z
    .array(z.strictObject({ title: z.string(), kept: z.number().int(), total: z.number().int() }))
    .meta({ description: 'Chats cut to their first 10,000 messages.' }),
});
export const chatShareResponse = z.strictObject({ url: z.string(), createdAt: z.iso.datetime(), snapshotAt: z.iso.datetime() });
export const chatShareRevokedResponse = z.strictObject({ revoked: z.literal(true) });
/** A shared chat's message: what the owner's view shows, without what the answer cost or the files it was sent with (those stay the owner's). */
export const sharedMessageResponse = chatMessageResponse.omit({ costMicros: true, usage: true, files: true });
export const chatDeletedResponse = z.strictObject({ id: z.string(), deleted: z.literal(true) });
export const turnStoppedResponse = z.strictObject({ stopped: z.boolean(), turnId: z.string().nullable() });
export const chatClosedResponse = z.strictObject({ status: z.literal('closed') });
export const keyFactSavedResponse = z.strictObject({ key: z.string(), value: z.string() });
export const keyFactRemovedResponse = z.strictObject({ key: z.string(), removed: z.literal(true) });

export const modelResponse = z.strictObject({
  id: z.string(),
  label: z.string(),
  contextWindow: z.number().int(),
  maxOutputTokens: z.number().int(),
  inputPrice: z.number().meta({ description: 'USD per million input tokens' }),
  outputPrice: z.number().meta({ description: 'USD per million output tokens' }),
  reasoning: z.boolean(),
  structuredOutputs: z.boolean(),
  vision: z.boolean().meta({ description: 'The model reads images attached to a message.' }),
  simulated: z.boolean(),
  provider: z.string().optional(),
  leastReserveMicros: z.number().int().meta({
    description:
      'The least one answer of this model reserves from the wallet (micro-USD): its output ceiling at the output price; the prompt adds its tokens at the input price.',
  }),
});

export type ChatResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof chatSummaryResponse, ResultOf<typeof listChats>['items'][number]>,
    DescribesJsonOf<typeof chatSummaryResponse, ResultOf<typeof listArchivedChats>['items'][number]>,
    DescribesJsonOf<typeof chatSearchHitResponse, ChatSearchHit>,
    DescribesJsonOf<typeof chatCreatedResponse, ResultOf<typeof createChat>>,
    DescribesJsonOf<typeof messageMeta, MessageMeta>,
    DescribesJsonOf<typeof staffModelCallResponse, StaffModelCall>,
    DescribesJsonOf<typeof chatViewResponse, ReturnType<typeof withMessagePages<ChatView>>>,
    DescribesJsonOf<typeof chatMessageResponse, ChatMessageView>,
    DescribesJsonOf<typeof modelResponse, ReturnType<typeof withLeastReserve<ModelInfo>>[number]>,
    DescribesJsonOf<typeof chatImportResponse, ImportResult>,
  ]
>;
