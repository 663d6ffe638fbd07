import type { UIMessage } from 'ai';
import { z } from 'zod';

/**
 * The turn's wire contract, declared once: what the server streams to the
 * browser (turn-response.ts writes it, run-turn.ts fills it through the
 * TurnSink) and what the browser's `useChat<ChatMessage>` reads. Both sides
 * import these types, so a change on one side that the other does not follow
 * fails the typecheck; the browser also validates each data part with the
 * schemas below as it arrives.
 */

export const MESSAGE_STATUSES = ['complete', 'stopped', 'truncated', 'error', 'streaming'] as const;
/** A message's status (docs/api.md): `streaming` only while its turn runs. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** A numbered source an answer cites ([1], [2]…): the page, its title and the sentence quoted from it (web_search). */
export const citationSchema = z.object({
  n: z.number().int().positive(),
  title: z.string(),
  url: z.string(),
  quote: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** The data parts a turn streams, by name (`data-<name>` on the wire). */
export const turnDataSchemas = {
  /**
   * a tool the model called; `input` is what the model sent (an object, unless the call was malformed).
   * Sent again, under the call's id, when its result comes: the start of the result, the ms it took, and
   * whether it failed.
   */
  tool: z.object({
    name: z.string(),
    input: z.unknown(),
    result: z.string().optional(),
    ms: z.number().optional(),
    failed: z.boolean().optional(),
  }),
  /** sources a tool round found, numbered as the answer cites them (shown under the answer) */
  citations: z.object({ citations: z.array(citationSchema) }),
  /** something the person should know that is not a failure (the wallet ran dry mid-answer) */
  notice: z.object({ code: z.string(), message: z.string() }),
  /** why the answer failed, in words a person can act on */
  error: z.object({ message: z.string() }),
  /** the turn's outcome, sent last: the stored status, continuations made and what it cost */
  turn: z.object({
    status: z.enum(MESSAGE_STATUSES).exclude(['streaming']),
    continuations: z.number().int(),
    costMicros: z.number().int(),
    reason: z.string().nullable(),
  }),
  /**
   * One of a side-by-side round's other answers (transient: never a part of the first answer's message):
   * a piece of its text, or one of its own parts above by name (`id` as there)
   */
  side: z.object({
    messageId: z.string(),
    text: z.string().optional(),
    part: z
      .object({ name: z.enum(['tool', 'citations', 'notice', 'error', 'turn']), id: z.string().optional(), data: z.unknown() })
      .optional(),
  }),
};

export type TurnDataParts = { [K in keyof typeof turnDataSchemas]: z.infer<(typeof turnDataSchemas)[K]> };
export type TurnDataName = keyof TurnDataParts;
export type ToolCallData = TurnDataParts['tool'];

/** Sent with the stream's `start` chunk: which turn and model write the answer. */
export const turnMetadataSchema = z.object({
  turnId: z.string().optional(),
  model: z.string().optional(),
  /** a side-by-side round: the other answers streamed with this one as `data-side` parts, in the order asked for */
  sides: z.array(z.object({ messageId: z.string(), turnId: z.string(), model: z.string() })).optional(),
  /** a question's attached files and images (the chat's message list links each to its download) */
  files: z
    .array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['file', 'image']), size: z.number(), url: z.string() }))
    .optional(),
});
export type TurnMetadata = z.infer<typeof turnMetadataSchema>;
/** A file or image as a question's metadata names it. */
export type SentFile = NonNullable<TurnMetadata['files']>[number];

/** A chat message as `useChat` holds it: the AI SDK's UI message with Quire's metadata and data parts. */
export type ChatMessage = UIMessage<TurnMetadata, TurnDataParts>;

/**
 * The data-part schemas keyed as the stream's chunk types (`data-tool`, …), for
 * `useChat({ dataPartSchemas })`. ai 6.0 looks a chunk's schema up by its chunk
 * type while its option's type names the parts without the prefix, so the plain
 * `turnDataSchemas` would type-check and validate nothing (wire.test.ts shows both).
 */
export const streamedDataPartSchemas = Object.fromEntries(
  Object.entries(turnDataSchemas).map(([name, schema]) => [`data-${name}`, schema]),
) as unknown as typeof turnDataSchemas;
