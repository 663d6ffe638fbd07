import { z } from 'zod';
import { responseFormatSchema } from './structured-output';
import type { SimMessage } from './types';

/** Lenient where OpenAI is lenient: unknown fields pass, content may be parts. */
const contentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() })), z.null()]).optional();

const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: contentSchema,
  tool_call_id: z.string().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string().optional(),
        function: z.looseObject({ name: z.string(), arguments: z.string().default('') }),
      }),
    )
    .optional(),
});

export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  tools: z.array(z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }) })).nullish(),
  tool_choice: z.unknown().optional(),
  response_format: responseFormatSchema,
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

export function toSimMessages(request: ChatCompletionRequest): SimMessage[] {
  return request.messages.map((message) => ({
    role: message.role,
    text: contentText(message.content),
    toolCalls: (message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    })),
    toolCallId: message.tool_call_id ?? null,
  }));
}

/**
 * The images in the last user message, as OpenAI's chat completions send them: content parts
 * `{type: "image_url", image_url: {url}}`, the url an https address or a base64 `data:` URL.
 */
export function imagesInLastUserMessage(request: ChatCompletionRequest): Array<{ mediaType: string; bytes: number }> {
  const last = request.messages.findLast((message) => message.role === 'user');
  if (!last || !Array.isArray(last.content)) return [];
  return last.content.flatMap((part) => {
    if (part.type !== 'image_url') return [];
    const url = String((part as { image_url?: { url?: unknown } }).image_url?.url ?? '');
    const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
    return [data ? { mediaType: data[1]!, bytes: Buffer.from(data[2]!, 'base64').byteLength } : { mediaType: 'url', bytes: 0 }];
  });
}

/** Tool names on offer; `tool_choice: "none"` offers nothing. */
export function offeredTools(request: ChatCompletionRequest): string[] {
  if (request.tool_choice === 'none') return [];
  return (request.tools ?? []).map((tool) => tool.function.name);
}

function contentText(content: z.infer<typeof contentSchema>): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => part.text ?? '').join('');
}
