import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { withLeanStream } from './lean-chat-stream';

type ChatModel = LanguageModelV3;

export interface ModelProvider {
  chatModel(modelId: string): ChatModel;
}

/**
 * Every model, real or simulated, goes through the same OpenAI-compatible HTTP
 * path. includeUsage asks for `stream_options.include_usage`, so a streamed call
 * reports its tokens in a final chunk with empty `choices`.
 *
 * One model object per id for the life of the process: its constructor builds
 * the zod schemas of the provider's response chunks, which was a visible share of
 * the CPU between a turn's Send and its upstream request when built every round.
 * Streaming reads the response body in one pass (lean-chat-stream.ts).
 */
/**
 * Node's own fetch, for model calls. Inside its server, Next.js replaces the
 * global fetch with a wrapper for its data cache and tracing spans (and keeps
 * the original on it); a streamed model call wants neither, and the wrapper
 * cost about 0.7 ms of CPU per message between Send and the upstream request
 * (`bench/cpu-profile.ts --workload send`). Looked up per call: Next wraps the
 * global after this module may have loaded.
 */
export const unwrappedFetch: typeof fetch = (input, init) => {
  const current = globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch };
  return (current._nextOriginalFetch ?? current)(input, init);
};

export function createModelProvider(options: { baseUrl: string; apiKey?: string }): ModelProvider {
  const provider = createOpenAICompatible({
    name: 'quire',
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    includeUsage: true,
    // A schema is sent only when a call asks for one, and calls ask only for
    // models whose catalog entry says `structuredOutputs` (lib/llm/catalog.ts).
    supportsStructuredOutputs: true,
    fetch: unwrappedFetch,
  });
  const models = new Map<string, ChatModel>();
  return {
    chatModel(modelId) {
      let model = models.get(modelId);
      if (!model) {
        model = withLeanStream(provider.chatModel(modelId));
        models.set(modelId, model);
      }
      return model;
    },
  };
}
