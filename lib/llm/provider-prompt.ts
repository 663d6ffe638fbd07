import type { LanguageModelV3FunctionTool, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { asSchema, type ModelMessage, type ToolSet } from 'ai';

/**
 * The conversation in the provider's own prompt format, as streamText would
 * build it for text, images, reasoning, tool calls and tool results (the only
 * parts Quire's prompts hold). Calling the model directly skips streamText's stream
 * pipeline, which cost several times the provider's own parsing per token.
 */
export function toProviderPrompt(system: string | undefined, messages: ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system === undefined ? [] : [{ role: 'system', content: system }];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? [{ type: 'text', text: message.content }]
              : message.content.map((part) => {
                  // an image goes as a file part of its media type: the OpenAI-compatible provider sends it as
                  // an `image_url` content part with a data: URL
                  if (part.type === 'image') {
                    if (!part.mediaType || part.image instanceof URL) throw new Error('Quire sends images inline, with their media type');
                    return { type: 'file' as const, data: part.image as string | Uint8Array, mediaType: part.mediaType };
                  }
                  if (part.type !== 'text') throw new Error(`Quire prompts carry no ${part.type} parts`);
                  return { type: 'text' as const, text: part.text };
                }),
        });
        break;
      case 'assistant':
        prompt.push({
          role: 'assistant',
          content:
            typeof message.content === 'string'
              ? [{ type: 'text', text: message.content }]
              : message.content.map((part) => {
                  switch (part.type) {
                    case 'text':
                      return { type: 'text' as const, text: part.text };
                    case 'reasoning':
                      return { type: 'reasoning' as const, text: part.text };
                    case 'tool-call':
                      return {
                        type: 'tool-call' as const,
                        toolCallId: part.toolCallId,
                        toolName: part.toolName,
                        input: part.input,
                        // a provider's data for the call (Gemini's thought signature) goes back with it
                        ...(part.providerOptions ? { providerOptions: part.providerOptions } : {}),
                      };
                    default:
                      throw new Error(`Quire prompts carry no assistant ${part.type} parts`);
                  }
                }),
        });
        break;
      case 'tool':
        prompt.push({
          role: 'tool',
          content: message.content.map((part) => {
            if (part.type !== 'tool-result') throw new Error(`Quire prompts carry no tool ${part.type} parts`);
            return {
              type: 'tool-result' as const,
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: part.output as LanguageModelV3ToolResultOutput,
            };
          }),
        });
        break;
    }
  }
  return prompt;
}

/** The tools as function definitions with their JSON Schema (converted once per schema object by the SDK). */
export async function toProviderTools(tools: ToolSet | undefined): Promise<LanguageModelV3FunctionTool[] | undefined> {
  if (!tools || Object.keys(tools).length === 0) return undefined;
  return Promise.all(
    Object.entries(tools).map(async ([name, t]) => ({
      type: 'function' as const,
      name,
      description: t.description,
      inputSchema: await asSchema(t.inputSchema).jsonSchema,
    })),
  );
}

/**
 * The tools as the provider is sent them, as text for counting tokens: names, descriptions and parameter
 * schemas all count toward the prompt (an estimate without the schemas came out at half the real input).
 */
export async function toolsAsSent(tools: ToolSet | undefined): Promise<string> {
  if (!tools) return '';
  // the same tools (name and description) are offered on every turn: their text is built once per process
  const key = Object.entries(tools)
    .map(([name, t]) => `${name}\0${t.description ?? ''}`)
    .join('\0\0');
  const known = sentToolsText.get(key);
  if (known !== undefined) return known;
  const sent = await toProviderTools(tools);
  const text = sent ? JSON.stringify(sent.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema }))) : '';
  if (sentToolsText.size < 100) sentToolsText.set(key, text);
  return text;
}

const sentToolsText = new Map<string, string>();
