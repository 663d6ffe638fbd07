/**
 * A JSON Schema object flattened into the rows a person reads on /docs/api:
 * one row per field (nested objects as `progress.step`, objects in arrays as
 * `answers[].text`), its type and its limits in words. Pure: it reads the built
 * document only.
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
    if (depth >= DEPTH_LIMIT) return [row];
    const inItems = objectOf(items);
    const inField = objectOf(field);
    const nested = inItems ? schemaFields(inItems, `${name}[].`, depth + 1) : inField ? schemaFields(inField, `${name}.`, depth + 1) : [];
    return [row, ...nested];
  });
}

/** The object a field holds, also when it may be null instead (`savedBy: {name, you} | null`). */
function objectOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (schema?.type === 'object' && schema.properties) return schema;
  const variants = schemaVariants(schema);
  const objects = variants.filter((variant) => variant.type === 'object' && variant.properties);
  return objects.length === 1 && variants.every((variant) => variant === objects[0] || variant.type === 'null') ? objects[0] : undefined;
}

/** One table of an answer: its fields, and what the caption says about the shape holding them. */
export interface ResponseShape {
  /** `an array, each item` for a list; a union's variant is named by its description or its constant fields */
  label: string;
  /** the answer may be `null` instead */
  nullable: boolean;
  fields: SchemaField[];
}

/**
 * An answer's JSON Schema as the tables a person reads: one for an object, one
 * per variant of a union (`applied: true` or `applied: false`), the items' fields
 * for an array. A `null` variant marks the others nullable.
 */
export function responseShapes(schema: JsonSchema): ResponseShape[] {
  const variants = schemaVariants(schema);
  if (variants.length) {
    const nullable = variants.some((variant) => variant.type === 'null');
    return variants
      .filter((variant) => variant.type !== 'null')
      .flatMap((variant) =>
        responseShapes(variant).map((shape) => ({
          ...shape,
          label: [variantName(variant), shape.label].filter(Boolean).join(': '),
          nullable: nullable || shape.nullable,
        })),
      );
  }
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    if (!objectOf(items) && !schemaVariants(items).length)
      return [{ label: `an array of ${typeName(items)}`, nullable: false, fields: [] }];
    return responseShapes(items).map((shape) => ({
      ...shape,
      label: `${['an array', shape.label].filter(Boolean).join(' of ')}, each item`,
    }));
  }
  return [{ label: '', nullable: false, fields: schemaFields(schema) }];
}

function variantName(schema: JsonSchema): string {
  if (typeof schema.description === 'string') return schema.description.replace(/\.$/, '');
  const constants = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(
    ([, field]) => field.const !== undefined,
  );
  return constants.map(([key, field]) => `${key}: ${JSON.stringify(field.const)}`).join(', ');
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
  // zod writes a nullable string as `type: ["string", "null"]`
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length) return types.map((type) => (schema.format && type !== 'null' ? `${type} (${schema.format})` : type)).join(' | ');
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
