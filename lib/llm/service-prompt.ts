import type { z } from 'zod';

/** A request Quire writes for itself: a system prompt whose first line is `taskHeader(…)`, and the input. */
export interface ServicePrompt {
  system: string;
  user: string;
}

/**
 * The JSON a step wants back. Sent as `response_format: json_schema` to a
 * model whose catalog entry has `structuredOutputs`; always used to validate.
 * The schema must suit strict mode: every property required, no defaults.
 */
export interface JsonReply<T extends z.ZodType = z.ZodType> {
  name: string;
  schema: T;
}

export interface JsonPrompt<T extends z.ZodType = z.ZodType> extends ServicePrompt {
  reply: JsonReply<T>;
}
