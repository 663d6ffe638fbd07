/**
 * A JSON Schema object flattened into the rows a person reads on /docs/api:
 * one row per field (nested objects in arrays as `answers[].text`), its type
 * and its limits in words. Pure: it reads the built document only.
 */

type JsonSchema = Record<string, unknown>;

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  notes: string[];
}

const DEPTH_LIMIT = 3;

export function schemaFields(schema: JsonSchema | undefined, prefix = '', depth = 0): SchemaField[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const row: SchemaField = { name, type: typeName(field), required: required.has(key), notes: limits(field) };
    const items = field.items as JsonSchema | undefined;
    const shapes = schemaVariants(items).filter((variant) => variant.type === 'object');
    if (shapes.length) row.notes.push(`each one of: ${shapes.map(objectShape).join(' or ')}`);
    const nested = items?.type === 'object' && depth < DEPTH_LIMIT ? schemaFields(items, `${name}[].`, depth + 1) : [];
    return [row, ...nested];
  });
}

/** One variant per line of a union (`sources[]` of text or url) reads better as its own list: the caller shows `variants`. */
export function schemaVariants(schema: JsonSchema | undefined): JsonSchema[] {
  return ((schema?.oneOf ?? schema?.anyOf) as JsonSchema[] | undefined) ?? [];
}

/** `{kind: "url", url}`: an object's fields at a glance, optional ones marked `?`. */
function objectShape(schema: JsonSchema): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([key, field]) =>
    field.const !== undefined ? `${key}: ${JSON.stringify(field.const)}` : `${key}${required.has(key) ? '' : '?'}`,
  );
  return `{${fields.join(', ')}}`;
}

export function typeName(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schemaVariants(schema);
  if (variants.length) return [...new Set(variants.map(typeName))].join(' | ');
  if (schema.type === 'array') return `${typeName((schema.items ?? {}) as JsonSchema)}[]`;
  if (schema.contentMediaType) return 'file';
  if (typeof schema.type === 'string') return schema.format ? `${schema.type} (${schema.format})` : schema.type;
  return 'any';
}

function limits(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) notes.push(`${number(min)}–${number(max)} ${unit}`);
    else if (min !== undefined) notes.push(`at least ${number(min)} ${unit}`);
    else if (max !== undefined) notes.push(`at most ${number(max)} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  if (schema.exclusiveMinimum !== undefined) notes.push(`more than ${number(schema.exclusiveMinimum)}`);
  range(schema.minimum, schema.maximum, '');
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.description === 'string') notes.push(schema.description);
  for (const variant of schemaVariants(schema)) notes.push(...limits(variant));
  return notes.map((note) => note.trim());
}

/** 6,000 rather than 6000: the page is in English. */
const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
