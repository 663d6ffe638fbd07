import { getResponseMetadata, mapOpenAICompatibleFinishReason } from '@ai-sdk/openai-compatible/internal';
import {
  APICallError,
  InvalidResponseDataError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import { combineHeaders, type ResponseHandler, StreamingToolCallTracker } from '@ai-sdk/provider-utils';
import { createParser } from 'eventsource-parser';
import type { IncomingMessage } from 'node:http';
import { adaptRequest } from './adapt-request';
import { lessonFromRefusal } from './profile-learning';
import type { ModelProfile } from './provider-profile';
import { postJsonStreaming } from './keep-alive-post';

/**
 * The parts of the SDK's OpenAI-compatible chat model that the single-pass stream reuses: the request it would send
 * (prompt, tools, response format, provider options), its error handling and its usage conversion. They are
 * not in the model's public type; `assertSinglePassStreamable` checks at start-up that this SDK version has them.
 */
interface SdkChatModelInternals {
  getArgs(options: LanguageModelV3CallOptions): Promise<{ args: Record<string, unknown>; warnings: SharedV3Warning[] }>;
  transformRequestBody(args: Record<string, unknown>, warnings: SharedV3Warning[]): Record<string, unknown>;
  convertUsage(usage: WireUsage | undefined): LanguageModelV3Usage;
  failedResponseHandler: ResponseHandler<APICallError>;
  config: {
    url(options: { path: string; modelId: string }): string;
    headers(): Record<string, string | undefined>;
    includeUsage?: boolean;
  };
}

type WireUsage = Record<string, unknown>;

interface WireToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null };
  /** Gemini's thought signature rides here; it must go back with the call (ai.google.dev/gemini-api/docs/thought-signatures) */
  extra_content?: { google?: { thought_signature?: string } } | null;
}

interface WireChunk {
  id?: string | null;
  model?: string | null;
  created?: number | null;
  usage?: WireUsage | null;
  error?: unknown;
  choices?: Array<{
    finish_reason?: string | null;
    delta?: {
      content?: string | Array<{ type?: string; text?: unknown }> | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      refusal?: string | null;
      tool_calls?: WireToolCallDelta[] | null;
    } | null;
  }>;
}

export function assertSinglePassStreamable(model: object): asserts model is SdkChatModelInternals {
  const m = model as Partial<SdkChatModelInternals>;
  const missing = (['getArgs', 'transformRequestBody', 'convertUsage', 'failedResponseHandler', 'config'] as const).filter(
    (name) => m[name] === undefined,
  );
  if (missing.length > 0)
    throw new Error(`The AI SDK's chat model no longer has ${missing.join(', ')}: lib/llm/single-pass-stream.ts needs updating.`);
}

/**
 * The SDK's OpenAI-compatible chat model with a leaner `doStream`. The SDK's stream runs every upstream chunk
 * through three web-stream hops (SSE framing, JSON parse with a zod check, mapping to parts); a live answer's
 * chunks are a few characters each, so that chain cost several times what the bytes did. Here the response
 * body is read once: each network read is split into SSE events (eventsource-parser), parsed with JSON.parse and
 * mapped to the same stream parts the SDK emits, in one pass. The request, its errors, tool-call assembly
 * (the SDK's StreamingToolCallTracker) and usage are the SDK's own; everything but `doStream` is delegated.
 */
export function withSinglePassStream(sdkModel: LanguageModelV3, profile: ModelProfile): LanguageModelV3 {
  assertSinglePassStreamable(sdkModel);
  const internals: SdkChatModelInternals = sdkModel;
  const lean: LanguageModelV3 = Object.create(sdkModel);
  lean.doStream = (options) => leanDoStream(sdkModel, internals, profile, options);
  return lean;
}

/** Refusals a request may be corrected for before it counts as failed: one per profile rule at most. */
const MAX_CORRECTIONS = 6;

async function leanDoStream(
  model: LanguageModelV3,
  sdk: SdkChatModelInternals,
  profile: ModelProfile,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
  const { args, warnings } = await sdk.getArgs({ ...options });
  const openAiBody = sdk.transformRequestBody(
    { ...args, stream: true, stream_options: sdk.config.includeUsage ? { include_usage: true } : undefined },
    warnings,
  );
  let body = adaptRequest(openAiBody, profile.current);
  let response: Awaited<ReturnType<typeof postJsonStreaming>>;
  for (let corrections = 0; ; corrections++) {
    try {
      response = await postJsonStreaming({
        url: sdk.config.url({ path: '/chat/completions', modelId: model.modelId }),
        headers: combineHeaders(sdk.config.headers(), options.headers),
        body,
        failedResponseHandler: sdk.failedResponseHandler,
        abortSignal: options.abortSignal,
      });
      break;
    } catch (error) {
      // A request the endpoint refused before generating anything, naming a parameter it does not take, is
      // sent again without it (and the model's profile remembers): nothing was generated or billed twice.
      if (corrections >= MAX_CORRECTIONS || options.abortSignal?.aborted || !APICallError.isInstance(error)) throw error;
      const evidence = `${error.message} ${error.responseBody ?? ''}`;
      const lesson = lessonFromRefusal(error.statusCode, evidence, profile.current);
      if (!lesson) throw error;
      profile.learn(lesson, evidence);
      body = adaptRequest(openAiBody, profile.current);
    }
  }
  return {
    stream: partsOf(response.body, warnings, (usage) => sdk.convertUsage(withHiddenReasoning(usage))),
    request: { body },
    response: { headers: response.headers },
  };
}

type Enqueue = (part: LanguageModelV3StreamPart) => void;

/**
 * Usage whose `total_tokens` is more than prompt plus completion: the rest is thinking the provider counted
 * only there (Gemini's OpenAI layer), billed as output like any reasoning tokens.
 */
export function withHiddenReasoning(usage: WireUsage | undefined): WireUsage | undefined {
  if (!usage) return usage;
  const prompt = Number(usage.prompt_tokens ?? 0);
  const completion = Number(usage.completion_tokens ?? 0);
  const total = Number(usage.total_tokens ?? 0);
  const hidden = total - prompt - completion;
  if (!Number.isFinite(hidden) || hidden <= 0) return usage;
  const details = (usage.completion_tokens_details ?? {}) as Record<string, unknown>;
  return {
    ...usage,
    completion_tokens: completion + hidden,
    completion_tokens_details: { ...details, reasoning_tokens: Number(details.reasoning_tokens ?? 0) + hidden },
  };
}

/**
 * The SDK's stream parts from the raw SSE body, one network read at a time: each read is split into events,
 * parsed and mapped in its 'data' event. The body pauses while the reader has parts it has not taken yet.
 */
function partsOf(
  body: IncomingMessage,
  warnings: SharedV3Warning[],
  convertUsage: (usage: WireUsage | undefined) => LanguageModelV3Usage,
): ReadableStream<LanguageModelV3StreamPart> {
  const decoder = new TextDecoder();
  let mapper: ChunkMapper;
  let parser: ReturnType<typeof createParser>;
  let ended = false;
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      const sink: Enqueue = (part) => controller.enqueue(part);
      mapper = new ChunkMapper((part) => sink(part), convertUsage);
      parser = createParser({
        onEvent: (event) => {
          if (event.data === '[DONE]') return;
          let chunk: WireChunk;
          try {
            chunk = JSON.parse(event.data);
          } catch (error) {
            mapper.fail(
              new InvalidResponseDataError({ data: event.data, message: `Invalid JSON in the model's stream: ${String(error)}` }),
            );
            return;
          }
          mapper.chunk(chunk);
        },
      });
      controller.enqueue({ type: 'stream-start', warnings });
      body.on('data', (bytes: Buffer) => {
        parser.feed(decoder.decode(bytes, { stream: true }));
        if ((controller.desiredSize ?? 1) <= 0) body.pause();
      });
      body.on('end', () => {
        if (ended) return;
        ended = true;
        parser.feed(decoder.decode());
        mapper.finish();
        controller.close();
      });
      // a connection lost (or aborted) mid-answer: the reader's next read throws, as fetch's body did
      const broken = (error: unknown) => {
        if (ended) return;
        ended = true;
        controller.error(error);
      };
      body.on('error', broken);
      body.on('close', () => broken(new Error('The model connection closed before the answer ended.')));
    },
    pull() {
      body.resume();
    },
    cancel() {
      ended = true;
      body.destroy();
    },
  });
}

/** One upstream chunk at a time into stream parts, as the SDK's OpenAI-compatible chat model maps them. */
class ChunkMapper {
  private first = true;
  private text = false;
  private reasoning = false;
  private refusal = false;
  private usage: WireUsage | undefined;
  private rawFinishReason: string | undefined;
  private failed = false;
  private readonly tools: StreamingToolCallTracker;
  /** arguments that came before their call's name (some providers), held until the name arrives */
  private readonly pendingTools = new Map<number, { id: string | null; args: string; extra: WireToolCallDelta['extra_content'] }>();
  private sawOutput = false;
  private readonly forwardedTools = new Set<number>();

  constructor(
    private readonly emit: Enqueue,
    private readonly convertUsage: (usage: WireUsage | undefined) => LanguageModelV3Usage,
  ) {
    this.tools = new StreamingToolCallTracker(
      { enqueue: emit },
      {
        extractMetadata: (delta: WireToolCallDelta) => {
          const signature = delta.extra_content?.google?.thought_signature;
          return signature ? { google: { thoughtSignature: signature } } : undefined;
        },
        buildToolCallProviderMetadata: (metadata) => metadata,
      },
    );
  }

  fail(error: unknown): void {
    this.failed = true;
    this.emit({ type: 'error', error });
  }

  chunk(value: WireChunk): void {
    if (value.error != null) {
      this.fail(value.error);
      return;
    }
    if (this.first) {
      this.first = false;
      this.emit({ type: 'response-metadata', ...getResponseMetadata(value) });
    }
    if (value.usage != null) this.usage = value.usage;
    const choice = value.choices?.[0];
    if (choice?.finish_reason != null) this.rawFinishReason = choice.finish_reason;
    const delta = choice?.delta;
    if (delta == null) return;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) this.reasoningDelta(reasoning);
    const content = delta.content;
    if (typeof content === 'string') {
      if (content.length > 0) this.textDelta(content);
    } else if (Array.isArray(content)) {
      for (const part of content) {
        if (typeof part.text !== 'string' || part.text.length === 0) continue;
        if (part.type === 'text') this.textDelta(part.text);
        else if (part.type === 'reasoning' || part.type === 'thinking') this.reasoningDelta(part.text);
      }
    }
    if (delta.refusal) {
      this.refusal = true;
      this.textDelta(delta.refusal);
    }
    if (delta.tool_calls && delta.tool_calls.length > 0) {
      this.endReasoning();
      for (const call of delta.tool_calls) this.toolCallDelta(call);
    }
  }

  finish(): void {
    this.endReasoning();
    if (this.text) this.emit({ type: 'text-end', id: 'txt-0' });
    for (const [index, pending] of this.pendingTools) {
      this.tools.processDelta({ index, id: pending.id, function: { arguments: pending.args }, extra_content: pending.extra } as never);
    }
    this.pendingTools.clear();
    this.tools.flush();
    let finishReason: { unified: ReturnType<typeof mapOpenAICompatibleFinishReason>; raw: string | undefined };
    if (this.rawFinishReason != null) {
      finishReason = {
        unified: mapOpenAICompatibleFinishReason(this.rawFinishReason, { hasRefusal: this.refusal }),
        raw: this.rawFinishReason,
      };
    } else if (!this.failed && this.sawOutput) {
      // Some servers and gateways end a whole answer without a finish_reason: what arrived is the answer,
      // not an error (a billed answer thrown away). `raw` says so for the log and the model call's record.
      finishReason = { unified: 'stop', raw: 'missing' };
    } else {
      finishReason = { unified: 'error', raw: undefined };
      if (!this.failed)
        this.fail(new InvalidResponseDataError({ data: undefined, message: 'Response stream ended without a finish reason.' }));
    }
    this.emit({ type: 'finish', finishReason, usage: this.convertUsage(this.usage ?? undefined) });
  }

  private textDelta(delta: string): void {
    this.sawOutput = true;
    this.endReasoning();
    if (!this.text) {
      this.emit({ type: 'text-start', id: 'txt-0' });
      this.text = true;
    }
    this.emit({ type: 'text-delta', id: 'txt-0', delta });
  }

  private reasoningDelta(delta: string): void {
    if (this.text) {
      this.emit({ type: 'text-end', id: 'txt-0' });
      this.text = false;
    }
    if (!this.reasoning) {
      this.emit({ type: 'reasoning-start', id: 'reasoning-0' });
      this.reasoning = true;
    }
    this.emit({ type: 'reasoning-delta', id: 'reasoning-0', delta });
  }

  private endReasoning(): void {
    if (!this.reasoning) return;
    this.emit({ type: 'reasoning-end', id: 'reasoning-0' });
    this.reasoning = false;
  }

  private toolCallDelta(delta: WireToolCallDelta): void {
    this.sawOutput = true;
    const index = delta.index;
    if (index == null || this.forwardedTools.has(index)) {
      this.tools.processDelta(delta as Parameters<StreamingToolCallTracker['processDelta']>[0]);
      return;
    }
    let pending = this.pendingTools.get(index);
    if (!pending) {
      pending = { id: delta.id ?? null, args: '', extra: delta.extra_content };
      this.pendingTools.set(index, pending);
    } else {
      if (pending.id == null && delta.id != null) pending.id = delta.id;
      pending.extra ??= delta.extra_content;
    }
    if (delta.function?.arguments != null) pending.args += delta.function.arguments;
    const name = delta.function?.name;
    if (name != null) {
      this.tools.processDelta({
        index,
        id: pending.id,
        function: { name, arguments: pending.args },
        extra_content: pending.extra,
      } as never);
      this.pendingTools.delete(index);
      this.forwardedTools.add(index);
    }
  }
}
