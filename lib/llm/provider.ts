import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { withSinglePassStream } from './single-pass-stream';
import { detectProviderKind, ModelProfile, type ProviderKind } from './provider-profile';

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
 * Streaming sends its request with Node's own HTTP client and reads the
 * response body in one pass (lean-chat-stream.ts, upstream-post.ts).
 */
export interface EndpointOptions {
  baseUrl: string;
  apiKey?: string;
  /** whose request quirks apply (provider-profile.ts); unset: told by the base URL */
  kind?: ProviderKind;
  /** where a learned profile change is logged */
  log?: (line: Record<string, unknown>) => void;
}

export function createModelProvider(options: EndpointOptions): ModelProvider {
  const kind = options.kind ?? detectProviderKind(options.baseUrl);
  const provider = createOpenAICompatible({
    name: 'quire',
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    includeUsage: true,
    // A schema is sent only when a call asks for one, and calls ask only for
    // models whose catalog entry says `structuredOutputs` (lib/llm/catalog.ts).
    supportsStructuredOutputs: true,
  });
  const models = new Map<string, ChatModel>();
  return {
    chatModel(modelId) {
      let model = models.get(modelId);
      if (!model) {
        model = withSinglePassStream(provider.chatModel(modelId), new ModelProfile(kind, modelId, options.log));
        models.set(modelId, model);
      }
      return model;
    },
  };
}
