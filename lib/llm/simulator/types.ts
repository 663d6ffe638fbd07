import type { SimulatedModel } from './models';

export type SimulatorCloseReason = 'completed' | 'client_closed' | 'error';

export interface SimulatorRequestInfo {
  /** Unique per HTTP request, so observers can pair onRequest with onClose. */
  requestId: string;
  turnId: string | null;
  jobId: string | null;
  model: string;
  stream: boolean;
  at: number;
  /** `x-quire-purpose` header, else the `Quire task:` name, else `chat`. */
  purpose: string;
  /** the request's `response_format.type` (`json_schema`, `json_object`, `text`), null when it sent none */
  responseFormat: string | null;
}

export interface SimulatorCloseInfo {
  requestId: string;
  turnId: string | null;
  reason: SimulatorCloseReason;
  at: number;
}

export interface SimulatorObserver {
  onRequest?(info: SimulatorRequestInfo): void;
  onClose?(info: SimulatorCloseInfo): void;
  /** Every SSE chunk written; lets tests prove generation stopped after an abort. */
  onChunk?(info: { requestId: string; turnId: string | null; at: number }): void;
}

export interface SimulatorOptions {
  tokenDelayMs?: number;
  /** When set, only requests bearing `Authorization: Bearer <apiKey>` are answered (the mounted route sets it). */
  apiKey?: string;
  observer?: SimulatorObserver;
}

export type Language = 'en' | 'ru' | 'zh';

/** A chat message reduced to what the simulator reads. */
export interface SimMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  text: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  toolCallId: string | null;
}

export interface SimToolCall {
  name: string;
  /** JSON text, streamed in pieces. */
  arguments: string;
}

/** What the simulated model "wants" to say, before the output ceiling is applied. */
export interface SimulatedReply {
  text: string;
  toolCalls: SimToolCall[];
}

export interface ReplyContext {
  messages: SimMessage[];
  /** Tool names the request offers (empty when tool_choice is "none"). */
  tools: string[];
  /** The last user message that is not a `Quire task:` service message, directives removed. */
  userText: string;
  language: Language;
  directives: import('./directives').Directives;
  model: SimulatedModel;
  /** Output ceiling in tokens; an endless answer must outrun it. */
  ceilingTokens: number;
}
