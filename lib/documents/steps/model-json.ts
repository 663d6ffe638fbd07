import type { z } from 'zod';

/** The model's reply was not the JSON the step asked for: retried with backoff, counted as an attempt. */
export class InvalidModelOutputError extends Error {
  constructor(step: string, detail: string) {
    super(`The model's reply to the ${step} step was not usable: ${detail}`);
    this.name = 'InvalidModelOutputError';
  }
}

/**
 * The reply to a step that asked for JSON. With structured output the
 * provider was held to the schema, so the whole reply must be that JSON;
 * anything else is a broken reply, not prose to dig through. Without it the
 * tolerant reading below is the fallback.
 */
export function readReplyJson<T extends z.ZodType>(step: string, text: string, schema: T, structured: boolean): z.infer<T> {
  return structured ? parseStructuredJson(step, text, schema) : parseModelJson(step, text, schema);
}

/** The whole reply as one JSON value, validated: what a provider honouring `json_schema` sends. */
export function parseStructuredJson<T extends z.ZodType>(step: string, text: string, schema: T): z.infer<T> {
  if (!text.trim()) throw new InvalidModelOutputError(step, 'an empty reply');
  return validated(step, parseJson(step, text.trim()), schema);
}

/** The first balanced {...} block of a reply (models wrap JSON in prose or fences), validated. */
export function parseModelJson<T extends z.ZodType>(step: string, text: string, schema: T): z.infer<T> {
  const block = firstJsonObject(text);
  if (!block) throw new InvalidModelOutputError(step, 'no JSON object in the reply');
  return validated(step, parseJson(step, block), schema);
}

function parseJson(step: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidModelOutputError(step, `invalid JSON (${(error as Error).message})`);
  }
}

function validated<T extends z.ZodType>(step: string, value: unknown, schema: T): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidModelOutputError(step, parsed.error.issues[0]?.message ?? 'unexpected shape');
  return parsed.data;
}

export function firstJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
