/** Test helpers: call the handler in-process and read its raw SSE. Used only by *.test.ts. */
import { z } from 'zod';
import type { JsonReply, ServicePrompt } from '@/lib/llm/service-prompt';
import { handleSimulatorRequest } from '@/lib/llm/simulator/handler';
import type { SimulatorOptions } from '@/lib/llm/simulator/types';

export interface ChatRequestBody {
  model?: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  stream?: boolean;
  stream_options?: { include_usage: boolean };
  max_tokens?: number;
  tools?: { type: 'function'; function: { name: string; parameters?: unknown } }[];
  [key: string]: unknown;
}

export const TOOL = (name: string) => ({ type: 'function' as const, function: { name, parameters: { type: 'object' } } });

export function postChat(body: ChatRequestBody, options: SimulatorOptions = { tokenDelayMs: 0 }, headers: Record<string, string> = {}) {
  const request = new Request('http://sim.test/api/simulator/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'sim-swift', stream: true, stream_options: { include_usage: true }, ...body }),
  });
  return handleSimulatorRequest(request, options);
}

/** The `data:` payloads of an SSE body, in order, as raw strings. */
export function sseDataLines(raw: string): string[] {
  return raw
    .split('\n\n')
    .filter((event) => event.length > 0)
    .map((event) => {
      if (!event.startsWith('data: ')) throw new Error(`not an SSE data event: ${JSON.stringify(event)}`);
      return event.slice(6);
    });
}

export interface StreamedReply {
  raw: string;
  chunks: any[];
  content: string;
  reasoning: string;
  finishReason: string | null;
  usage: any;
  toolCalls: { id: string; name: string; arguments: string }[];
}

/** Reads a whole streamed response and assembles it as a client would. */
export async function readStreamedReply(response: Response): Promise<StreamedReply> {
  const raw = await response.text();
  const payloads = sseDataLines(raw);
  const chunks = payloads.filter((p) => p !== '[DONE]').map((p) => JSON.parse(p));
  const toolCalls: StreamedReply['toolCalls'] = [];
  let content = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let usage: any = null;
  for (const chunk of chunks) {
    if (chunk.usage) usage = chunk.usage;
    for (const choice of chunk.choices ?? []) {
      content += choice.delta.content ?? '';
      reasoning += choice.delta.reasoning_content ?? '';
      finishReason = choice.finish_reason ?? finishReason;
      for (const call of choice.delta.tool_calls ?? []) {
        toolCalls[call.index] ??= { id: '', name: '', arguments: '' };
        if (call.id) toolCalls[call.index].id = call.id;
        if (call.function?.name) toolCalls[call.index].name = call.function.name;
        toolCalls[call.index].arguments += call.function?.arguments ?? '';
      }
    }
  }
  return { raw, chunks, content, reasoning, finishReason, usage, toolCalls };
}

export async function chat(body: ChatRequestBody, options?: SimulatorOptions): Promise<StreamedReply> {
  return readStreamedReply(await postChat(body, options));
}

export const user = (content: string) => ({ role: 'user', content });
export const system = (content: string) => ({ role: 'system', content });

/** `response_format` as the AI SDK's openai-compatible provider sends it for a step's reply schema. */
export function jsonSchemaFormat(reply: JsonReply) {
  return {
    type: 'json_schema',
    json_schema: { name: reply.name, schema: z.toJSONSchema(reply.schema, { target: 'draft-7', io: 'input' }), strict: true },
  };
}

/** One of Quire's service prompts sent as the pipeline sends it: system, then user; optionally with a response format. */
export function askService(prompt: ServicePrompt, options: { model?: string; responseFormat?: unknown } = {}): Promise<StreamedReply> {
  return chat({
    model: options.model ?? 'sim-swift',
    messages: [system(prompt.system), user(prompt.user)],
    ...(options.responseFormat ? { response_format: options.responseFormat } : {}),
  });
}
