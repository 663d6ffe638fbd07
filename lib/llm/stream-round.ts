import { streamText, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { metrics } from '@/lib/ops/metrics';

export interface RoundUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

export interface RoundResult {
  text: string;
  reasoning: string;
  finishReason: string;
  /** the provider's own word: some say `max_tokens` where the SDK says `other` */
  rawFinishReason: string | undefined;
  /** null when the provider never reported it (stopped or failed streams) */
  usage: RoundUsage | null;
  /** assistant tool calls and tool results, to carry into the next round */
  responseMessages: ModelMessage[];
  toolCalls: number;
  aborted: boolean;
  error: unknown;
}

export interface RoundRequest {
  model: LanguageModel;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxOutputTokens: number;
  abortSignal: AbortSignal;
  headers: Record<string, string>;
  /** every visible text delta, as it arrives */
  onText(delta: string): void;
  onToolCall?(name: string, input: unknown): void;
}

/**
 * ONE streamed upstream call. Text and tool calls may come from the same call;
 * tools run as soon as their call is complete. No retries: a retry would be a
 * second generation of the same answer.
 */
export async function streamRound(req: RoundRequest): Promise<RoundResult> {
  const out: RoundResult = {
    text: '',
    reasoning: '',
    finishReason: 'unknown',
    rawFinishReason: undefined,
    usage: null,
    responseMessages: [],
    toolCalls: 0,
    aborted: false,
    error: null,
  };
  // the system prompt goes in `system`, where the SDK expects it (not among the messages)
  const [first, ...rest] = req.messages;
  const system = first?.role === 'system' && typeof first.content === 'string' ? first.content : undefined;
  const result = streamText({
    model: req.model,
    system,
    messages: system === undefined ? req.messages : rest,
    tools: req.tools,
    maxOutputTokens: req.maxOutputTokens,
    abortSignal: req.abortSignal,
    headers: req.headers,
    maxRetries: 0,
    // the error also arrives as an `error` part below and the caller logs it (describeUpstreamFailure:
    // request id, credentials scrubbed); the SDK's default would print it raw to stderr, URL and all
    onError: () => undefined,
  });
  const startedAt = performance.now();
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          out.text += part.text;
          req.onText(part.text);
          break;
        case 'reasoning-delta':
          out.reasoning += part.text;
          break;
        case 'tool-call':
          out.toolCalls++;
          req.onToolCall?.(part.toolName, part.input);
          break;
        case 'finish-step':
          out.finishReason = part.finishReason;
          out.rawFinishReason = part.rawFinishReason;
          out.usage = readUsage(part.usage);
          break;
        case 'abort':
          out.aborted = true;
          break;
        case 'error':
          out.error = part.error;
          break;
      }
    }
  } catch (error) {
    if (req.abortSignal.aborted) out.aborted = true;
    else out.error = error;
  }
  if (req.abortSignal.aborted) out.aborted = true;
  recordCall(out, (performance.now() - startedAt) / 1000);
  if (!out.aborted && !out.error && out.toolCalls > 0) {
    out.responseMessages = (await result.response).messages;
  }
  return out;
}

function recordCall(out: RoundResult, seconds: number): void {
  const m = metrics();
  m.modelCallSeconds.observe({ outcome: out.aborted ? 'aborted' : out.error ? 'error' : 'ok' }, seconds);
  if (out.usage) {
    m.tokens.inc({ direction: 'input' }, out.usage.inputTokens);
    m.tokens.inc({ direction: 'output' }, out.usage.outputTokens);
  }
}

function readUsage(usage: {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  outputTokenDetails?: { reasoningTokens: number | undefined };
}): RoundUsage | null {
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return null;
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    reasoningTokens: usage.outputTokenDetails?.reasoningTokens ?? 0,
  };
}

/** `length` in the SDK's words, or a provider's raw `length`/`max_tokens` that the SDK maps to `other`. */
export function wasCutByLength(round: Pick<RoundResult, 'finishReason' | 'rawFinishReason'>): boolean {
  return round.finishReason === 'length' || round.rawFinishReason === 'length' || round.rawFinishReason === 'max_tokens';
}
