import { APICallError, type LanguageModelMiddleware } from 'ai';

export type FinishWord = { unified: 'stop' | 'length' | 'other'; raw: string };

/** How a provider says the output ceiling cut the reply: the SDK's own word, or a raw word the SDK maps to `other`. */
export const CUT_BY: Record<'length' | 'max_tokens', FinishWord> = {
  length: { unified: 'length', raw: 'length' },
  max_tokens: { unified: 'other', raw: 'max_tokens' },
};
export const STOPPED: FinishWord = { unified: 'stop', raw: 'stop' };

export interface ScriptedCall {
  /** `Quire task: <name>` of the system message, `continue-answer` for a continuation request, else `chat` */
  task: string;
  /** the last user message's text */
  input: string;
}

/** A scripted reply, an upstream HTTP failure, or null to let the real model (the simulator) answer. */
export type ScriptedAnswer = { text: string; finish: FinishWord } | { httpStatus: number } | null;

/**
 * Middleware that answers chosen calls itself, at the provider's level (so the
 * SDK sees exactly the finish reason or HTTP error a provider would send), and
 * passes every other call through.
 */
export function scriptedCalls(answer: (call: ScriptedCall) => ScriptedAnswer): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    wrapStream: async ({ doStream, params }) => {
      const scripted = answer(describeCall(params.prompt));
      if (!scripted) return doStream();
      if ('httpStatus' in scripted) {
        throw new APICallError({
          message: 'Bad Gateway',
          url: 'http://upstream.test/v1/chat/completions',
          requestBodyValues: {},
          statusCode: scripted.httpStatus,
          isRetryable: true,
        });
      }
      const tokens = Math.ceil(scripted.text.length / 4);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: scripted.text });
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({
            type: 'finish',
            finishReason: scripted.finish,
            usage: {
              inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: tokens, text: tokens, reasoning: 0 },
            },
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

function describeCall(prompt: ReadonlyArray<{ role: string; content: unknown }>): ScriptedCall {
  const system = prompt.find((m) => m.role === 'system')?.content;
  const lastUser = [...prompt].reverse().find((m) => m.role === 'user')?.content;
  const input = Array.isArray(lastUser) ? lastUser.map((part: { text?: string }) => part.text ?? '').join('') : String(lastUser ?? '');
  if (input.startsWith('Quire task: continue-answer')) return { task: 'continue-answer', input };
  const task = /^Quire task: (\S+)/.exec(typeof system === 'string' ? system : '')?.[1] ?? 'chat';
  return { task, input };
}
