import type { ModelMessage } from 'ai';
import { continuationRequest, MAX_CONTINUATIONS } from '@/lib/llm/prompts/continue-answer';
import { mergeContinuation } from '@/lib/llm/continuation/merge-continuation';
import { callModelBilled, type CallScope, type PipelineCall } from './call-model';

export interface WholeText {
  /** the reply with every continuation merged in */
  text: string;
  /** still cut after the last continuation (or a continuation added nothing): never store it as whole */
  cut: boolean;
  continuations: number;
}

/**
 * A call whose reply is stored text (a section draft, the document's summary, a revision, a rewrite):
 * when the output ceiling cuts it (the SDK's `length` or a provider's raw
 * `max_tokens`), the same model is asked to continue, at most MAX_CONTINUATIONS
 * times, and each continuation is merged exactly as the chat merges its
 * answers. Every call is billed to the call's one ledger entry.
 */
export async function callForWholeText(scope: CallScope, call: PipelineCall): Promise<WholeText> {
  const request: ModelMessage[] = [
    { role: 'system', content: call.system },
    { role: 'user', content: call.user },
  ];
  let reply = await callModelBilled(scope, call);
  let text = reply.text;
  let continuations = 0;
  while (reply.cut && continuations < MAX_CONTINUATIONS) {
    continuations++;
    reply = await callModelBilled(scope, { ...call, messages: [...request, ...continuationRequest(text)] });
    const merged = mergeContinuation(text, reply.text);
    // a continuation that adds nothing would only be asked again with the same tail
    if (merged === text) return { text, cut: true, continuations };
    text = merged;
  }
  return { text, cut: reply.cut, continuations };
}
