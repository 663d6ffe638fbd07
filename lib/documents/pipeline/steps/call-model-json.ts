import type { z } from 'zod';
import type { JsonPrompt } from '@/lib/llm/service-prompt';
import { callPipelineModel, type PipelineCall } from './call-model';
import { readReplyJson } from './model-json';
import type { StepContext } from './step-context';

export type PipelineJsonCall<T extends z.ZodType> = Omit<PipelineCall, 'system' | 'user' | 'json'> & { prompt: JsonPrompt<T> };

/**
 * A step that wants JSON: one billed, streamed call. The schema goes to the
 * provider as structured output when the model's catalog entry supports it,
 * and the reply is then read strictly; otherwise the prompt alone asks for
 * JSON and the tolerant parser reads it.
 */
export async function callPipelineJson<T extends z.ZodType>(ctx: StepContext, call: PipelineJsonCall<T>): Promise<z.infer<T>> {
  const { prompt, ...rest } = call;
  const structured = ctx.model.structuredOutputs;
  const result = await callPipelineModel(ctx, {
    ...rest,
    system: prompt.system,
    user: prompt.user,
    json: structured ? prompt.reply : undefined,
  });
  return readReplyJson(call.purpose, result.text, prompt.reply.schema, structured);
}
