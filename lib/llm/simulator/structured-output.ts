import { z } from 'zod';
import type { SimulatedModel } from './models';
import type { SimulatedReply } from './types';

/** `response_format` as OpenAI takes it; absent or `text` means free text. */
export const responseFormatSchema = z
  .discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text') }),
    z.looseObject({ type: z.literal('json_object') }),
    z.looseObject({
      type: z.literal('json_schema'),
      json_schema: z.looseObject({
        name: z.string().min(1),
        schema: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullish(),
      }),
    }),
  ])
  .nullish();

export type ResponseFormat = z.infer<typeof responseFormatSchema>;

/** A model without structured outputs refuses a schema, as such providers do, so a caller that sends one anyway finds out. */
export function refusesResponseFormat(model: SimulatedModel, format: ResponseFormat): boolean {
  return format?.type === 'json_schema' && !model.structuredOutputs;
}

/**
 * The reply in the format the request asked for. With a JSON schema the text
 * is exactly one JSON value that validates against it (the task's own JSON
 * fitted to the schema); with `json_object`, one JSON object. Without a format,
 * a model that has no structured outputs wraps JSON in a sentence and a code
 * fence, as small models do, so the tolerant fallback parser is exercised.
 */
export function replyInFormat(reply: SimulatedReply, format: ResponseFormat, model: SimulatedModel): SimulatedReply {
  if (reply.toolCalls.length > 0) return reply;
  if (format?.type === 'json_schema') {
    return { ...reply, text: JSON.stringify(fitToSchema(format.json_schema.schema ?? {}, jsonIn(reply.text))) };
  }
  if (format?.type === 'json_object') {
    const value = jsonIn(reply.text);
    return { ...reply, text: JSON.stringify(isObject(value) ? value : { text: reply.text }) };
  }
  if (!model.structuredOutputs && isObject(jsonIn(reply.text)) && reply.text.trimStart().startsWith('{')) {
    return { ...reply, text: `Here is the JSON you asked for:\n\n\`\`\`json\n${reply.text}\n\`\`\`\n` };
  }
  return reply;
}

type JsonSchema = Record<string, unknown>;

/**
 * A value that validates against `schema`, built from `value` where it fits.
 * Covers what zod's JSON Schema output uses for Quire's replies: object,
 * array, string, number, integer, boolean, null, enum, const, anyOf/oneOf,
 * required, additionalProperties: false, min/max items, lengths and bounds.
 */
export function fitToSchema(schema: JsonSchema, value: unknown): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value) ? value : schema.enum[0];
  // a missing value becomes null where null is allowed: what a model says when it does not know
  const given = value === undefined ? 'null' : jsonTypeOf(value);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    return fitToSchema(branches.find((branch) => typesOf(branch).includes(given)) ?? branches[0]!, value);
  }
  const types = typesOf(schema);
  const type = types.includes(given) ? given : (types.find((t) => t !== 'null') ?? types[0] ?? 'string');
  switch (type) {
    case 'object':
      return fitObject(schema, isObject(value) ? value : {});
    case 'array':
      return fitArray(schema, Array.isArray(value) ? value : []);
    case 'integer':
    case 'number':
      return fitNumber(schema, value, type === 'integer');
    case 'boolean':
      return typeof value === 'boolean' ? value : false;
    case 'null':
      return null;
    default:
      return fitString(schema, value);
  }
}

function fitObject(schema: JsonSchema, value: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (key in value || required.has(key)) out[key] = fitToSchema(property, value[key]);
  }
  return out;
}

function fitArray(schema: JsonSchema, value: unknown[]): unknown[] {
  const items = (schema.items ?? {}) as JsonSchema;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const out = value.slice(0, max).map((item) => fitToSchema(items, item));
  while (out.length < min) out.push(fitToSchema(items, undefined));
  return out;
}

function fitNumber(schema: JsonSchema, value: unknown, integer: boolean): number {
  let n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) n = 0;
  if (integer) n = Math.round(n);
  const step = integer ? 1 : Number.EPSILON;
  if (typeof schema.minimum === 'number') n = Math.max(n, schema.minimum);
  if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum) n = schema.exclusiveMinimum + step;
  if (typeof schema.maximum === 'number') n = Math.min(n, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number' && n >= schema.exclusiveMaximum) n = schema.exclusiveMaximum - step;
  return n;
}

function fitString(schema: JsonSchema, value: unknown): string {
  let text = typeof value === 'string' ? value : value === undefined || value === null || typeof value === 'object' ? '' : String(value);
  if (typeof schema.maxLength === 'number') text = [...text].slice(0, schema.maxLength).join('');
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (text.trim().length < min) text = text.trim() || 'n/a';
  while ([...text].length < min) text += '.';
  return text;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reply's JSON value: the whole text, else its first `{…}` block; undefined when there is none. */
function jsonIn(text: string): unknown {
  for (const candidate of [text.trim(), text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // not JSON as a whole: try the block, then give up (the fitted value is built from the schema alone)
    }
  }
  return undefined;
}
