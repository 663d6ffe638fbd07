import type { ProviderProfile } from './provider-profile';

type Json = Record<string, unknown>;

/** Keys some providers refuse inside a JSON Schema (Gemini's OpenAPI subset: "Unknown name \"$schema\""). */
const NON_OPENAPI_KEYS = new Set(['$schema', '$id', 'additionalProperties', 'examples']);

/**
 * The request the AI SDK wrote in OpenAI's shape, as this provider takes it.
 * Pure, and run once per model call on the request body only (never per chunk).
 */
export function adaptRequest(body: Json, profile: ProviderProfile): Json {
  const out: Json = { ...body };
  if (profile.outputLimitField === 'max_completion_tokens' && out.max_tokens !== undefined) {
    out.max_completion_tokens = out.max_tokens;
    delete out.max_tokens;
  }
  if (!profile.streamOptions) delete out.stream_options;
  if (!profile.tools) {
    delete out.tools;
    delete out.tool_choice;
  } else if (!profile.toolChoice) delete out.tool_choice;
  if (!profile.structuredOutputs && isJsonSchemaFormat(out.response_format)) delete out.response_format;
  if (profile.schemaDialect === 'openapi-subset') {
    if (Array.isArray(out.tools))
      out.tools = out.tools.map((tool: Json) => {
        const fn = tool.function as Json | undefined;
        return fn ? { ...tool, function: { ...fn, parameters: openApiSubset(fn.parameters) } } : tool;
      });
    if (isJsonSchemaFormat(out.response_format)) {
      const format = out.response_format as { json_schema: Json };
      out.response_format = { ...format, json_schema: { ...format.json_schema, schema: openApiSubset(format.json_schema.schema) } };
    }
  }
  if (!profile.echoReasoning && Array.isArray(out.messages))
    out.messages = (out.messages as Json[]).map((m) => {
      if (m.reasoning_content === undefined) return m;
      const { reasoning_content: _dropped, ...rest } = m;
      return rest;
    });
  if (profile.alternateRoles && Array.isArray(out.messages)) out.messages = alternatingRoles(out.messages as Json[]);
  return out;
}

function isJsonSchemaFormat(format: unknown): boolean {
  return typeof format === 'object' && format !== null && (format as Json).type === 'json_schema';
}

/** A JSON Schema without the keys the OpenAPI 3.0 subset does not know, at any depth. */
export function openApiSubset(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSubset);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NON_OPENAPI_KEYS.has(key)) continue;
    // property names are data, not schema keywords: keep them, clean their schemas
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Json).map(([name, inner]) => [name, openApiSubset(inner)]))
        : openApiSubset(value);
  }
  return out;
}

/**
 * Messages as a template that demands alternation takes them: after the system
 * messages, the first is the person's, and two of the same role in a row (two
 * user messages, or two assistant texts) become one. Tool calls and results keep
 * their places: assistant → tool → assistant is what every such template expects.
 */
export function alternatingRoles(messages: Json[]): Json[] {
  const out: Json[] = [];
  for (const message of messages) {
    const previous = out.at(-1);
    const role = message.role;
    const mergeable = (m: Json | undefined) =>
      m !== undefined && (m.role === 'user' || (m.role === 'assistant' && !m.tool_calls)) && typeof m.content === 'string';
    if (previous && previous.role === role && mergeable(previous) && mergeable(message)) {
      out[out.length - 1] = { ...previous, content: `${previous.content}\n\n${message.content}` };
      continue;
    }
    out.push(message);
  }
  const firstTurn = out.findIndex((m) => m.role !== 'system');
  if (firstTurn >= 0 && out[firstTurn]!.role === 'assistant')
    out.splice(firstTurn, 0, { role: 'user', content: '(The conversation so far.)' });
  return out;
}
