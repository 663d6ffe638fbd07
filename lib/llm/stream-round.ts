import type { LanguageModelV3, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { Output, type ModelMessage, type ToolSet } from 'ai';
import type { JsonReply } from '@/lib/llm/service-prompt';
import { metrics } from '@/lib/ops/metrics';
import { countTokens } from '@/lib/text/token-count';
import { toProviderPrompt, toProviderTools } from './provider-prompt';
import { refusedToolRun, startToolRun, toolRoundMessages, type ToolResultOutput, type ToolRun } from './round-tools';

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
  /** the reply outgrew what one call may bring (an endpoint that ignores the output limit): read no further */
  capped: boolean;
}

export interface RoundRequest {
  model: LanguageModelV3;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxOutputTokens: number;
  abortSignal: AbortSignal;
  headers: Record<string, string>;
  /** every visible text delta, as it arrives */
  onText(delta: string): void;
  onToolCall?(name: string, input: unknown, id: string): void;
  /** a started call's result, when it comes, and how long the tool took (a call refused over the limit has none) */
  onToolResult?(id: string, output: ToolResultOutput, ms: number): void;
  /** ask for this JSON through the provider's structured output (the text still streams as it comes) */
  json?: JsonReply;
  /** tool calls this round may run; the model is told so for any beyond it (default MAX_TOOL_CALLS_PER_ROUND) */
  maxToolCalls?: number;
}

/** One round asking for more tools than this is a model in a loop (25 start_document calls were seen), not a plan. */
export const MAX_TOOL_CALLS_PER_ROUND = 4;

/**
 * The most text one call may bring, whatever the endpoint does with the output limit: a token is rarely over
 * six characters, so this is generous for any honest reply and stops one that ignores `max_tokens` (an 8 MB
 * answer was seen). A reply cut here counts as cut by length.
 */
export function maxReplyChars(maxOutputTokens: number): number {
  return Math.max(20_000, maxOutputTokens * 12);
}

/**
 * ONE streamed upstream call. Text and tool calls may come from the same call;
 * tools run as soon as their call is complete. No retries: a retry would be a
 * second generation of the same answer.
 *
 * The provider's stream is read directly (model.doStream), not through
 * streamText: its stitching, teeing and step bookkeeping cost about four times
 * the provider's own parsing per token (bench/stream-bench.ts), and a turn needs
 * none of it. What streamText did that a turn does need, building the prompt and
 * running tools, is in provider-prompt.ts and round-tools.ts.
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
    capped: false,
  };
  // the call's own abort: the caller's, or this round's when the reply outgrows its cap
  const local = new AbortController();
  const forward = () => local.abort(req.abortSignal.reason);
  if (req.abortSignal.aborted) forward();
  else req.abortSignal.addEventListener('abort', forward, { once: true });
  const maxChars = maxReplyChars(req.maxOutputTokens);
  const maxToolCalls = req.maxToolCalls ?? MAX_TOOL_CALLS_PER_ROUND;
  // the system prompt goes first as the provider's system message, as streamText's `system` did
  const [first, ...rest] = req.messages;
  const system = first?.role === 'system' && typeof first.content === 'string' ? first.content : undefined;
  const toolRuns: ToolRun[] = [];
  const startedAt = performance.now();
  try {
    const tools = await toProviderTools(req.tools);
    const { stream } = await req.model.doStream({
      prompt: toProviderPrompt(system, system === undefined ? req.messages : rest),
      tools,
      toolChoice: tools ? { type: 'auto' } : undefined,
      maxOutputTokens: req.maxOutputTokens,
      abortSignal: local.signal,
      headers: req.headers,
      // a step that wants JSON sends its zod schema as response_format json_schema (the SDK's own conversion)
      responseFormat: req.json ? await Output.object(req.json).responseFormat : undefined,
    });
    const reader = stream.getReader();
    while (!out.capped) {
      const next = await reader.read();
      if (next.done) break;
      const part: LanguageModelV3StreamPart = next.value;
      switch (part.type) {
        case 'text-delta': {
          const room = maxChars - out.text.length;
          const delta = part.delta.length > room ? part.delta.slice(0, room) : part.delta;
          out.text += delta;
          req.onText(delta);
          if (delta !== part.delta) {
            out.capped = true;
            local.abort('reply_too_long');
          }
          break;
        }
        case 'reasoning-delta':
          out.reasoning += part.delta;
          break;
        case 'tool-call': {
          out.toolCalls++;
          if (out.toolCalls > maxToolCalls) {
            toolRuns.push(refusedToolRun(part, `Not run: at most ${maxToolCalls} tool calls are run for one answer at a time.`));
            break;
          }
          const run = startToolRun(req.tools ?? {}, part, { messages: req.messages, abortSignal: local.signal });
          toolRuns.push(run);
          req.onToolCall?.(part.toolName, run.input, part.toolCallId);
          const began = performance.now();
          // before the round's own wait on the outputs (toolRoundMessages): each result is reported as it comes
          void run.output.then((output) => req.onToolResult?.(part.toolCallId, output, Math.round(performance.now() - began)));
          break;
        }
        case 'finish':
          out.finishReason = part.finishReason.unified;
          out.rawFinishReason = part.finishReason.raw;
          out.usage = readUsage(part.usage);
          break;
        case 'error':
          out.error = part.error;
          break;
      }
    }
  } catch (error) {
    if (req.abortSignal.aborted) out.aborted = true;
    else if (!out.capped) out.error = error;
  } finally {
    req.abortSignal.removeEventListener('abort', forward);
  }
  if (req.abortSignal.aborted) out.aborted = true;
  if (out.rawFinishReason === 'missing' && !out.aborted && !out.error && reachedLimit(out, req.maxOutputTokens)) {
    // no finish_reason, but the reply filled its output limit: it was cut, and is continued like any cut reply
    out.finishReason = 'length';
    out.rawFinishReason = 'length';
  }
  if (out.capped && !out.aborted) {
    // what was read stands, cut as a reply that reached its output limit is (continued, or marked truncated)
    out.finishReason = 'length';
    out.rawFinishReason = 'length';
    out.error = null;
  }
  recordCall(out, (performance.now() - startedAt) / 1000);
  if (!out.aborted && !out.error && toolRuns.length > 0) out.responseMessages = await toolRoundMessages(out.text, toolRuns, out.reasoning);
  return out;
}

/** Whether a reply used (nearly) all of its output limit: the provider's count when it gave one, else ours. */
function reachedLimit(out: RoundResult, maxOutputTokens: number): boolean {
  const used = out.usage?.outputTokens ?? countTokens(out.reasoning) + countTokens(out.text);
  return used >= maxOutputTokens * 0.95;
}

function recordCall(out: RoundResult, seconds: number): void {
  const m = metrics();
  m.modelCallSeconds.observe({ outcome: out.aborted ? 'aborted' : out.error ? 'error' : 'ok' }, seconds);
  if (out.usage) {
    m.tokens.inc({ direction: 'input' }, out.usage.inputTokens);
    m.tokens.inc({ direction: 'output' }, out.usage.outputTokens);
  }
}

function readUsage(usage: LanguageModelV3Usage): RoundUsage | null {
  if (usage.inputTokens.total === undefined && usage.outputTokens.total === undefined) return null;
  return {
    inputTokens: usage.inputTokens.total ?? 0,
    outputTokens: usage.outputTokens.total ?? 0,
    reasoningTokens: usage.outputTokens.reasoning ?? 0,
  };
}

/** `length` in the SDK's words, or a provider's raw `length`/`max_tokens` that the SDK maps to `other`. */
export function wasCutByLength(round: Pick<RoundResult, 'finishReason' | 'rawFinishReason'>): boolean {
  return round.finishReason === 'length' || round.rawFinishReason === 'length' || round.rawFinishReason === 'max_tokens';
}
