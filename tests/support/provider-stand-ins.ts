import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Stand-ins for the model providers Quire is deployed against, one per path
 * (`/<setup>/v1/chat/completions`). Each checks a request the way that
 * provider's documentation says it does, answers a refusal in that provider's
 * own error shape and words, and streams in that provider's dialect (where the
 * reasoning goes, which usage it reports, what it attaches to tool calls). The
 * words of the answers come from the offline simulator behind them, so the
 * checks can use its scenarios; nothing here knows Quire's code.
 */

type Json = Record<string, any>;

export interface StandInSetup {
  /** what the setup stands for, for test names */
  title: string;
  /** the request is refused: status and the provider's error body; null when it is accepted */
  refuse?(body: Json): { status: number; error: unknown } | null;
  /** where streamed thinking goes, when this setup thinks aloud */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** usage chunk: as OpenAI (only when asked for), always, or never */
  usage: 'requested' | 'always' | 'never';
  /** thinking tokens counted only in total_tokens (Gemini) */
  hiddenThinkingTokens?: number;
  /** a thought signature on every tool call, required back on the next request (Gemini 3) */
  thoughtSignatures?: boolean;
  /** ends the stream without a finish_reason (some gateways) */
  omitFinishReason?: boolean;
  /** wraps JSON asked for by json_schema in a ```json fence (Claude behind OpenRouter, Anthropic's layer) */
  fencesJson?: boolean;
  /** takes `tools` but never calls them (vLLM without --enable-auto-tool-choice, when tool_choice is absent) */
  ignoresTools?: boolean;
  /** thinks this many tokens (as `reasoning_content`) before answering, out of the same output limit */
  thinkingTokens?: number;
}

const OPENAI_ERROR = (message: string, param: string | null, code: string) => ({
  error: { message, type: 'invalid_request_error', param, code },
});

/** Mistral's request model (docs.mistral.ai/api/#tag/chat): anything else is "Extra inputs are not permitted". */
const MISTRAL_FIELDS = new Set([
  'model',
  'messages',
  'temperature',
  'top_p',
  'max_tokens',
  'stream',
  'stop',
  'random_seed',
  'response_format',
  'tools',
  'tool_choice',
  'presence_penalty',
  'frequency_penalty',
  'n',
  'prediction',
  'parallel_tool_calls',
  'safe_prompt',
  'prompt_mode',
]);
const MISTRAL_MESSAGE_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'name', 'prefix']);

function mistralExtra(loc: Array<string | number>, input: unknown) {
  return {
    status: 422,
    error: {
      object: 'error',
      message: { detail: [{ type: 'extra_forbidden', loc: ['body', ...loc], msg: 'Extra inputs are not permitted', input }] },
      type: 'invalid_request_error',
      param: null,
      code: null,
    },
  };
}

/** The Mistral and Gemma chat templates (jinja) raise this when user and assistant turns do not alternate. */
function alternationError(messages: Json[]): string | null {
  const turns = messages.filter((m) => m.role === 'user' || (m.role === 'assistant' && !m.tool_calls));
  for (let i = 0; i < turns.length; i++) {
    if (turns[i]!.role !== (i % 2 === 0 ? 'user' : 'assistant'))
      return 'After the optional system message, conversation roles must alternate user/assistant/user/assistant/...';
  }
  return null;
}

function schemasOf(body: Json): unknown[] {
  const tools = Array.isArray(body.tools) ? body.tools.map((t: Json) => t.function?.parameters) : [];
  return [...tools, body.response_format?.json_schema?.schema].filter(Boolean);
}

function findKey(value: unknown, keys: string[]): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findKey(item, keys);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (keys.includes(key)) return key;
      const found = findKey(inner, keys);
      if (found) return found;
    }
  }
  return null;
}

/** OpenAI's answer to `max_tokens` sent to a reasoning model (its API and Azure's alike). */
const refuseMaxTokens = (body: Json) =>
  body.max_tokens !== undefined
    ? {
        status: 400,
        error: OPENAI_ERROR(
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          'max_tokens',
          'unsupported_parameter',
        ),
      }
    : null;

const geminiError = (message: string) => ({ status: 400, error: [{ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }] });

export const STAND_IN_SETUPS = {
  // platform.openai.com/docs/guides/reasoning: o-series and gpt-5 refuse max_tokens, hide their reasoning
  'openai-reasoning': {
    title: 'OpenAI, a reasoning model (o4-mini)',
    usage: 'requested',
    refuse: refuseMaxTokens,
  },
  'openai-chat': { title: 'OpenAI, a chat model (gpt-4.1)', usage: 'requested' },
  'azure-openai': {
    title: 'Azure OpenAI, a reasoning deployment',
    usage: 'requested',
    refuse: refuseMaxTokens,
  },
  // docs.mistral.ai: strict request model; usage always in the last chunk
  mistral: {
    title: "Mistral's API",
    usage: 'always',
    refuse: (body) => {
      for (const key of Object.keys(body)) if (!MISTRAL_FIELDS.has(key)) return mistralExtra([key], body[key]);
      for (const [i, message] of (body.messages as Json[]).entries())
        for (const key of Object.keys(message))
          if (!MISTRAL_MESSAGE_FIELDS.has(key)) return mistralExtra(['messages', i, key], message[key]);
      return null;
    },
  },
  // docs.vllm.ai/en/latest/features/tool_calling.html, served with a Mistral chat template and no auto tool choice
  'vllm-mistral-template': {
    title: 'vLLM without --enable-auto-tool-choice, Mistral chat template',
    usage: 'requested',
    ignoresTools: true,
    refuse: (body) => {
      if (body.tool_choice === 'auto')
        return {
          status: 400,
          error: {
            object: 'error',
            message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
            type: 'BadRequestError',
            param: null,
            code: 400,
          },
        };
      const alternation = alternationError(body.messages);
      return alternation
        ? { status: 400, error: { object: 'error', message: alternation, type: 'BadRequestError', param: null, code: 400 } }
        : null;
    },
  },
  // github.com/ggml-org/llama.cpp/tree/master/tools/server, started without --jinja
  'llamacpp-no-jinja': {
    title: 'llama.cpp server without --jinja',
    usage: 'requested',
    refuse: (body) =>
      Array.isArray(body.tools) && body.tools.length > 0
        ? { status: 500, error: { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } } }
        : null,
  },
  // ai.google.dev/gemini-api/docs/openai (older): OpenAPI subset for schemas; errors as an array; thoughts only in total_tokens
  'gemini-2.5': {
    title: 'Gemini 2.5 through its OpenAI layer',
    usage: 'requested',
    hiddenThinkingTokens: 57,
    refuse: (body) => {
      const key = findKey(schemasOf(body), ['$schema', 'additionalProperties']);
      return key
        ? geminiError(
            `Invalid JSON payload received. Unknown name "${key}" at 'tools[0].function_declarations[0].parameters': Cannot find field.`,
          )
        : null;
    },
  },
  // ai.google.dev/gemini-api/docs/thought-signatures: a function call's signature must come back with it
  'gemini-3': {
    title: 'Gemini 3 through its OpenAI layer (thought signatures)',
    usage: 'requested',
    hiddenThinkingTokens: 40,
    thoughtSignatures: true,
    refuse: (body) => {
      for (const message of body.messages as Json[])
        for (const call of message.tool_calls ?? [])
          if (!call.extra_content?.google?.thought_signature)
            return geminiError(
              'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly.',
            );
      return null;
    },
  },
  // api-docs.deepseek.com/guides/thinking_mode: reasoning_content streams, and goes back with a tool round
  'deepseek-thinking': {
    title: 'DeepSeek in thinking mode',
    usage: 'requested',
    reasoningField: 'reasoning_content',
    refuse: (body) => {
      for (const [i, message] of (body.messages as Json[]).entries())
        if (message.role === 'assistant' && message.tool_calls && typeof message.reasoning_content !== 'string')
          return {
            status: 400,
            error: OPENAI_ERROR(
              `Missing \`reasoning_content\` field in the assistant message at message index ${i}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`,
              null,
              'invalid_request_error',
            ),
          };
      return null;
    },
  },
  // openrouter.ai/docs: usage always sent; Claude answers a json_schema request inside a fence; reasoning in `reasoning`
  'openrouter-claude': { title: 'OpenRouter to Claude', usage: 'always', fencesJson: true, reasoningField: 'reasoning' },
  // docs.anthropic.com/en/api/openai-sdk: response_format is ignored, usage when asked
  'anthropic-openai-layer': { title: "Anthropic's OpenAI compatibility layer", usage: 'requested', fencesJson: true },
  // github.com/ollama/ollama/blob/main/docs/openai.md: before 0.5.2 no usage in streams
  'ollama-old': { title: 'Ollama before 0.5.2 (no usage)', usage: 'never' },
  groq: { title: 'Groq', usage: 'requested' },
  // a gateway that ends streams without a finish_reason
  'gateway-no-finish': { title: 'a gateway that drops finish_reason', usage: 'never', omitFinishReason: true },
  // a reasoning model that thinks ~1,000 tokens on anything, out of max_tokens (DeepSeek-R1 and QwQ served by vLLM do)
  'heavy-thinker': { title: 'a reasoning model that thinks 1,000 tokens first', usage: 'requested', thinkingTokens: 1_000 },
} satisfies Record<string, StandInSetup>;

export type StandInName = keyof typeof STAND_IN_SETUPS;

export interface ProviderStandIns {
  /** the base URL a deployment would configure for `setup` */
  baseUrl(setup: StandInName): string;
  /** requests each setup refused, with the reason, in order */
  refusals: Array<{ setup: StandInName; status: number }>;
  /** requests each setup accepted and answered, with the model they named, in order */
  answered: Array<{ setup: StandInName; model: string }>;
  close(): Promise<void>;
}

/** The model the simulator behind the stand-ins answers as: its `sim-*` name, or sim-swift for a provider's own model names. */
function simulatorModel(model: unknown): string {
  return typeof model === 'string' && model.startsWith('sim-') ? model : 'sim-swift';
}

export async function startProviderStandIns(simulatorUrl: string): Promise<ProviderStandIns> {
  const refusals: ProviderStandIns['refusals'] = [];
  const answered: ProviderStandIns['answered'] = [];
  const server: Server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/([^/]+)\/v1\/chat\/completions$/.exec(req.url ?? '');
    const name = match?.[1] as StandInName | undefined;
    const setup: StandInSetup | undefined = name ? STAND_IN_SETUPS[name] : undefined;
    if (!name || !setup) {
      res.writeHead(404).end();
      return;
    }
    let raw = '';
    for await (const piece of req) raw += piece;
    const body = JSON.parse(raw) as Json;
    const refused = setup.refuse?.(body);
    if (refused) {
      refusals.push({ setup: name, status: refused.status });
      res.writeHead(refused.status, { 'content-type': 'application/json' }).end(JSON.stringify(refused.error));
      return;
    }
    answered.push({ setup: name, model: String(body.model) });
    await relay(setup, body, res);
  }

  async function relay(setup: StandInSetup, body: Json, res: ServerResponse) {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const wantsJson = body.response_format?.type === 'json_schema';
    const limit = Number(body.max_tokens ?? body.max_completion_tokens ?? 4096);
    const thinking = Math.min(setup.thinkingTokens ?? 0, limit);
    if (thinking > 0 && thinking >= limit) {
      // the whole limit goes on thinking: no answer at all
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (choices: unknown[], extra: Json = {}) =>
        res.write(
          `data: ${JSON.stringify({ id: 'think', object: 'chat.completion.chunk', created: 0, model: body.model, choices, ...extra })}\n\n`,
        );
      for (let i = 0; i < thinking; i += 50)
        chunk([{ index: 0, delta: { reasoning_content: 'think '.repeat(Math.min(50, thinking - i)) }, finish_reason: null }]);
      chunk([{ index: 0, delta: {}, finish_reason: 'length' }]);
      chunk([], {
        usage: {
          prompt_tokens: 100,
          completion_tokens: thinking,
          total_tokens: 100 + thinking,
          completion_tokens_details: { reasoning_tokens: thinking },
        },
      });
      res.end('data: [DONE]\n\n');
      return;
    }
    const upstream = await fetch(`${simulatorUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: abort.signal,
      body: JSON.stringify({
        model: simulatorModel(body.model),
        messages: (body.messages as Json[]).map(({ reasoning_content: _r, ...m }) => ({
          ...m,
          ...(m.tool_calls ? { tool_calls: m.tool_calls.map(({ extra_content: _e, ...call }: Json) => call) } : {}),
        })),
        ...(body.tools && !setup.ignoresTools ? { tools: body.tools } : {}),
        max_tokens: limit - thinking,
        // the fence-writers honour no schema: their model answers as it would without one
        ...(wantsJson && !setup.fencesJson ? { response_format: body.response_format } : {}),
        stream: true,
        stream_options: { include_usage: true },
      }),
    }).catch(() => null);
    if (!upstream?.ok || !upstream.body) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream failed' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (chunk: Json) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const usageAsked = body.stream_options?.include_usage === true;
    let thought = !setup.reasoningField && !setup.thinkingTokens;
    let fenced = false;
    let buffer = '';
    const decoder = new TextDecoder();
    const reader = upstream.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end).replace(/^data: /, '');
          buffer = buffer.slice(end + 2);
          if (event === '[DONE]' || !event.trim()) continue;
          const chunk = JSON.parse(event) as Json;
          const choice = chunk.choices?.[0];
          if (thinking > 0 && choice?.delta && !thought) {
            thought = true;
            for (let i = 0; i < thinking; i += 50)
              send({
                ...chunk,
                choices: [{ index: 0, delta: { reasoning_content: 'think '.repeat(Math.min(50, thinking - i)) }, finish_reason: null }],
              });
          }
          if (!thought && choice?.delta && (choice.delta.content || choice.delta.tool_calls)) {
            thought = true;
            for (const piece of ['Let me think ', 'about this first.'])
              send({
                ...chunk,
                choices: [{ index: 0, delta: { role: 'assistant', [setup.reasoningField!]: piece }, finish_reason: null }],
              });
          }
          if (choice?.delta?.content && setup.fencesJson && wantsJson && !fenced) {
            fenced = true;
            choice.delta.content = `\`\`\`json\n${choice.delta.content}`;
          }
          if (setup.thoughtSignatures && choice?.delta?.tool_calls)
            for (const call of choice.delta.tool_calls as Json[])
              if (call.id) call.extra_content = { google: { thought_signature: `sig-${call.id}` } };
          if (choice?.finish_reason) {
            if (fenced) send({ ...chunk, choices: [{ index: 0, delta: { content: '\n```' }, finish_reason: null }] });
            if (setup.omitFinishReason) continue;
          }
          if (chunk.usage) {
            if (setup.usage === 'never' || (setup.usage === 'requested' && !usageAsked)) continue;
            if (setup.hiddenThinkingTokens) chunk.usage.total_tokens += setup.hiddenThinkingTokens;
            if (thinking > 0) {
              chunk.usage.completion_tokens += thinking;
              chunk.usage.total_tokens += thinking;
              chunk.usage.completion_tokens_details = { reasoning_tokens: thinking };
            }
          }
          send(chunk);
        }
      }
      res.end('data: [DONE]\n\n');
    } catch {
      res.destroy();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: (setup) => `http://127.0.0.1:${port}/${setup}/v1`,
    refusals,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
