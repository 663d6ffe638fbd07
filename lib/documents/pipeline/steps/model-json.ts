import type { z } from 'zod';

/** The model's reply was not the JSON the step asked for: retried with backoff, counted as an attempt. */
export class InvalidModelOutputError extends Error {
  constructor(step: string, detail: string) {
    super(`The model's reply to the ${step} step was not usable: ${detail}`);
    this.name = 'InvalidModelOutputError';
  }
}

/**
 * The reply to a step that asked for JSON. Structured output is asked for where
 * the model's entry says it is honoured, but providers that accept the schema do
 * not all keep to it (a reply fenced in ```json, or wrapped in a sentence, was
 * seen from Claude behind OpenRouter): the whole reply is read strictly first,
 * and the tolerant reading is always the fallback.
 */
export function readReplyJson<T extends z.ZodType>(step: string, text: string, schema: T, structured: boolean): z.infer<T> {
  if (structured) {
    try {
      return parseStructuredJson(step, text, schema);
    } catch (error) {
      if (!(error instanceof InvalidModelOutputError)) throw error;
    }
  }
  return parseModelJson(step, text, schema);
}

/** The whole reply as one JSON value, validated: what a provider honouring `json_schema` sends. */
export function parseStructuredJson<T extends z.ZodType>(step: string, text: string, schema: T): z.infer<T> {
  if (!text.trim()) throw new InvalidModelOutputError(step, 'an empty reply');
  return validated(step, parseJson(step, text.trim()), schema);
}

/**
 * The JSON object a reply holds, wherever it stands: inside a fence, after a
 * sentence, behind a stray brace in the prose. Each balanced {...} block is tried
 * in order, as written and then repaired (trailing commas, single quotes), and
 * the first that parses and fits the schema wins.
 */
export function parseModelJson<T extends z.ZodType>(step: string, text: string, schema: T): z.infer<T> {
  let firstProblem: string | null = null;
  for (const block of jsonObjectCandidates(text)) {
    for (const candidate of [block, repairedJson(block)]) {
      let value: unknown;
      try {
        value = JSON.parse(candidate);
      } catch (error) {
        firstProblem ??= `invalid JSON (${(error as Error).message})`;
        continue;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      firstProblem ??= parsed.error.issues[0]?.message ?? 'unexpected shape';
    }
  }
  throw new InvalidModelOutputError(step, firstProblem ?? 'no JSON object in the reply');
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

/** The first balanced {...} block of a reply, or null. */
export function firstJsonObject(text: string): string | null {
  return jsonObjectCandidates(text).next().value ?? null;
}

/** Every balanced {...} block, from each '{' in turn (a fenced block first when there is a fence). */
function* jsonObjectCandidates(text: string): Generator<string> {
  const fenced = /```(?:json|JSON)?\s*\n([\s\S]*?)\n?```/.exec(text)?.[1];
  const sources = fenced ? [fenced, text] : [text];
  const seen = new Set<string>();
  for (const source of sources) {
    for (let start = source.indexOf('{'); start >= 0; start = source.indexOf('{', start + 1)) {
      const block = balancedFrom(source, start);
      if (block && !seen.has(block)) {
        seen.add(block);
        yield block;
      }
    }
  }
}

function balancedFrom(text: string, start: number): string | null {
  let depth = 0;
  let quote: string | null = null;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/** The slips models make in JSON: trailing commas, and single-quoted strings and keys. */
function repairedJson(block: string): string {
  let out = '';
  let quote: string | null = null;
  let escaped = false;
  for (let i = 0; i < block.length; i++) {
    const ch = block[i]!;
    if (quote) {
      if (escaped) {
        escaped = false;
        out += quote === "'" && ch === "'" ? "'" : `\\${ch}`;
        continue;
      }
      if (ch === '\\') {
        escaped = true;
        continue;
      }
      if (ch === quote) {
        quote = null;
        out += '"';
        continue;
      }
      out += ch === '"' ? '\\"' : ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out += '"';
      continue;
    }
    if (ch === ',') {
      const rest = block.slice(i + 1).trimStart();
      if (rest.startsWith('}') || rest.startsWith(']')) continue;
    }
    out += ch;
  }
  return out;
}
