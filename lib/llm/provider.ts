import { createOpenAICompatible } from '@ai-sdk/openai-compatible';

export type ModelProvider = ReturnType<typeof createModelProvider>;

/**
 * Every model, real or simulated, goes through the same OpenAI-compatible HTTP
 * path. includeUsage asks for `stream_options.include_usage`, so a streamed call
 * reports its tokens in a final chunk with empty `choices`.
 */
export function createModelProvider(options: { baseUrl: string; apiKey?: string }) {
  return createOpenAICompatible({
    name: 'quire',
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    includeUsage: true,
  });
}
