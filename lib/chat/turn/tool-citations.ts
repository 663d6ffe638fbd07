import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { citationSchema, type Citation } from './wire';

const carriesCitations = z.object({ citations: z.array(z.unknown()) });

/**
 * The numbered sources in a round's tool results: any tool whose JSON result carries `citations`
 * (web_search does) has them shown under the answer. Only the fields the person sees are kept;
 * a malformed item is left out, never trusted.
 */
export function citationsOf(messages: ModelMessage[]): Citation[] {
  const found: Citation[] = [];
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.output.type !== 'json') continue;
      const result = carriesCitations.safeParse(part.output.value);
      if (!result.success) continue;
      for (const item of result.data.citations) {
        const citation = citationSchema.safeParse(item);
        if (citation.success) found.push(citation.data);
      }
    }
  }
  return found;
}
