import type { LanguageModelV3ToolCall } from '@ai-sdk/provider';
import { asSchema, type ModelMessage, type ToolSet } from 'ai';

export type ToolResultOutput = Extract<Extract<ModelMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];

export interface ToolRun {
  toolCallId: string;
  toolName: string;
  /** the parsed input, or the raw text when it was not valid JSON */
  input: unknown;
  output: Promise<ToolResultOutput>;
  /** what the provider attached to the call and wants back with it (Gemini's thought signature) */
  providerOptions?: Record<string, Record<string, unknown>>;
}

/**
 * Starts a tool as soon as the model's call of it is complete, as streamText
 * does: the input is parsed and validated against the tool's schema; a call of
 * an unknown tool, an invalid input or a failed run becomes an error result the
 * model reads on the next round (it never ends the turn).
 */
export function startToolRun(
  tools: ToolSet,
  call: LanguageModelV3ToolCall,
  context: { messages: ModelMessage[]; abortSignal: AbortSignal },
): ToolRun {
  let input: unknown = call.input;
  let parsed = false;
  try {
    input = call.input.trim() ? JSON.parse(call.input) : {};
    parsed = true;
  } catch {
    // not JSON: reported to the model below as an invalid input
  }
  const run = async (): Promise<ToolResultOutput> => {
    const tool = tools[call.toolName];
    if (!tool?.execute) return { type: 'error-text', value: `There is no tool named ${call.toolName}.` };
    if (!parsed) return { type: 'error-text', value: `The input of ${call.toolName} was not valid JSON.` };
    const checked = await asSchema(tool.inputSchema).validate?.(input);
    if (checked && !checked.success) return { type: 'error-text', value: `Invalid input for ${call.toolName}: ${checked.error.message}` };
    try {
      const result: unknown = await tool.execute(checked ? checked.value : input, {
        toolCallId: call.toolCallId,
        messages: context.messages,
        abortSignal: context.abortSignal,
      });
      return typeof result === 'string' ? { type: 'text', value: result } : { type: 'json', value: (result ?? null) as never };
    } catch (error) {
      return { type: 'error-text', value: error instanceof Error ? error.message : String(error) };
    }
  };
  return { toolCallId: call.toolCallId, toolName: call.toolName, input, output: run(), providerOptions: providerOptionsOf(call) };
}

function providerOptionsOf(call: LanguageModelV3ToolCall): ToolRun['providerOptions'] {
  return call.providerMetadata ? (call.providerMetadata as ToolRun['providerOptions']) : undefined;
}

/**
 * A result as a person reads it under the answer: its text (JSON as written), at most `maxChars`, and whether
 * it is a failure (the error outputs, or the `{ error }` a failed chat tool returns: lib/chat/tools/registry.ts).
 */
export function shownToolResult(output: ToolResultOutput, maxChars: number): { result: string; failed: boolean } {
  const value: unknown = 'value' in output ? output.value : output;
  const errorOnly =
    output.type === 'json' && typeof value === 'object' && value !== null && Object.keys(value).length === 1 && 'error' in value;
  const text = typeof value === 'string' ? value : errorOnly ? String((value as { error: unknown }).error) : JSON.stringify(value);
  return {
    result: text.length > maxChars ? `${text.slice(0, maxChars)}…` : text,
    failed: output.type === 'error-text' || output.type === 'error-json' || errorOnly,
  };
}

/** A call that is answered without running its tool (over a limit): the model reads why. */
export function refusedToolRun(call: LanguageModelV3ToolCall, reason: string): ToolRun {
  let input: unknown = call.input;
  try {
    input = call.input.trim() ? JSON.parse(call.input) : {};
  } catch {
    // shown as it came
  }
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input,
    output: Promise.resolve({ type: 'error-text', value: reason }),
    providerOptions: providerOptionsOf(call),
  };
}

/**
 * The assistant's reasoning, text and tool calls, then the tools' results: the messages the next round
 * carries. The reasoning and each call's provider data go back because providers that think require them
 * in the next round of the same turn (DeepSeek's `reasoning_content`, Gemini's thought signatures).
 */
export async function toolRoundMessages(text: string, runs: ToolRun[], reasoning = ''): Promise<ModelMessage[]> {
  const outputs = await Promise.all(runs.map((r) => r.output));
  return [
    {
      role: 'assistant',
      content: [
        ...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []),
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...runs.map((r) => ({
          type: 'tool-call' as const,
          toolCallId: r.toolCallId,
          toolName: r.toolName,
          input: r.input,
          ...(r.providerOptions ? { providerOptions: r.providerOptions as never } : {}),
        })),
      ],
    },
    {
      role: 'tool',
      content: runs.map((r, i) => ({ type: 'tool-result' as const, toolCallId: r.toolCallId, toolName: r.toolName, output: outputs[i]! })),
    },
  ];
}
