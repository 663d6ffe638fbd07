import { z } from 'zod';
import type { FactSlotKey, SlotUpdate } from './types';

/**
 * The `remember_fact` tool: the model saves a free-form fact the rule tables do not know
 * ("works in a hospital network behind a proxy"). It becomes a slot like any other, with history.
 */
export const REMEMBER_FACT_TOOL_NAME = 'remember_fact';

export const rememberFactInput = z.object({
  name: z.string().trim().min(1).max(40).describe('Short snake_case name of the fact, e.g. "proxy" or "employer"'),
  value: z.string().trim().min(1).max(200).describe('The fact, in the words the user would recognize'),
});

export type RememberFactInput = z.infer<typeof rememberFactInput>;

/** "Company Proxy" → "fact:company_proxy": one key per fact whatever the model's spelling. */
export function factSlotKey(name: string): FactSlotKey {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  if (slug.length === 0) throw new Error('remember_fact: a fact needs a name with letters or digits');
  return `fact:${slug}`;
}

export function rememberFactUpdate(input: RememberFactInput): SlotUpdate {
  const parsed = rememberFactInput.parse(input);
  return { key: factSlotKey(parsed.name), value: parsed.value, change: false };
}
