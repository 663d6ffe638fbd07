import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply of an OpenAI-compatible `chat/completions` stream. */
export interface ScriptedReply {
  /** HTTP error status instead of a stream (e.g. 502), with no output */
  status?: number;
  /** headers of that error answer (e.g. retry-after) */
  headers?: Record<string, string>;
  /** visible text, one SSE chunk per piece */
  text?: string[];
  /** streamed reasoning (`reasoning_content`), before the text */
  reasoning?: string[];
  /** the provider's own finish_reason word (`stop`, `length`, or a raw `max_tokens` the SDK does not know) */
  finish?: string;
  /** the final usage chunk; omitted: the provider never reports usage */
  usage?: { prompt: number; completion: number; reasoning?: number };
  /** after the pieces, keep the stream open until the client goes away (a stop) */
  hang?: boolean;
  /** after the pieces, keep the stream open until this settles (the test says when the reply may end) */
  holdUntil?: Promise<void>;
  /** tool calls after the text, each in one chunk with its index (finish_reason `tool_calls` unless `finish` says otherwise) */
  toolCalls?: Array<{ name: string; arguments: string }>;
}

export interface ScriptedRequest {
  model?: string;
  messages: Array<{ role: string; content: unknown }>;
  max_tokens?: number;
}

export interface ScriptedUpstream {
  url: string;
  requests: ScriptedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP endpoint streaming SSE exactly as OpenAI's does, each reply
 * chosen by `script` from the request: for the finish reasons, errors and
 * hidden reasoning the simulator does not act out.
 */
export async function startScriptedUpstream(script: (request: ScriptedRequest, index: number) => ScriptedReply): Promise<ScriptedUpstream> {
  const requests: ScriptedRequest[] = [];
  // idle sockets outlive the client's idle timeout, so a reused socket is never closed under a request (ECONNRESET)
  const server: Server = createServer({ keepAliveTimeout: 60_000 }, async (req, res) => {
    const request = JSON.parse(await readBody(req)) as ScriptedRequest;
    requests.push(request);
    const reply = script(request, requests.length - 1);
    if (reply.status) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: 'scripted upstream failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ id: 'scripted', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices, ...extra })}\n\n`,
      );
    for (const piece of reply.reasoning ?? [])
      chunk([{ index: 0, delta: { role: 'assistant', reasoning_content: piece }, finish_reason: null }]);
    for (const piece of reply.text ?? []) chunk([{ index: 0, delta: { role: 'assistant', content: piece }, finish_reason: null }]);
    for (const [index, call] of (reply.toolCalls ?? []).entries())
      chunk([
        {
          index: 0,
          delta: { role: 'assistant', tool_calls: [{ index, id: `call_${index}`, type: 'function', function: call }] },
          finish_reason: null,
        },
      ]);
    if (reply.hang) {
      await new Promise<void>((resolve) => res.on('close', () => resolve()));
      return;
    }
    if (reply.holdUntil) await reply.holdUntil;
    chunk([{ index: 0, delta: {}, finish_reason: reply.finish ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop') }]);
    if (reply.usage) {
      const { prompt, completion, reasoning } = reply.usage;
      chunk([], {
        usage: {
          prompt_tokens: prompt,
          completion_tokens: completion,
          total_tokens: prompt + completion,
          completion_tokens_details: { reasoning_tokens: reasoning ?? 0 },
        },
      });
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const piece of req) body += piece;
  return body;
}

/** The text of a request's last message (where the pipeline's input and a continuation request go). */
export function lastMessageText(request: ScriptedRequest): string {
  const content = request.messages.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** The task name of the request's system message (`Quire task: <name>`), or of a continuation request. */
export function taskOf(request: ScriptedRequest): string {
  const last = lastMessageText(request);
  if (last.startsWith('Quire task: continue-answer')) return 'continue-answer';
  const system = request.messages.find((m) => m.role === 'system')?.content;
  return /^Quire task: (\S+)/.exec(typeof system === 'string' ? system : '')?.[1] ?? 'chat';
}
