import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import { canonicalUpdate, MAX_KEY_FACTS, recordKeyFactValues } from '@/lib/chat/key-facts-store';
import type { ChatToolContext } from './registry';

// built once per process: the SDK turns it into JSON Schema on first use and keeps that, where an inline zod object is converted again on every round
const rememberFactInput = zodSchema(
  z.object({
    key: z.string().min(1).max(40).describe('short snake_case name, e.g. "company"'),
    value: z.string().min(1).max(200),
  }),
);

export function rememberFactTool(ctx: ChatToolContext) {
  return tool({
    description:
      'Pin a fact the user states about themselves or their setup so it is never forgotten in this chat (e.g. their company, role, deadline). Not for facts about other people.',
    inputSchema: rememberFactInput,
    execute: async ({ key, value }) => {
      // the same key rule as the person's messages and edits: "os" from here is the panel's one OS fact
      const fact = canonicalUpdate({ key, value });
      const changes = await ctx.db.$transaction((tx) =>
        recordKeyFactValues(tx, ctx.chatId, [fact], { messageId: ctx.userMessageId, at: new Date(), kind: 'tool' }),
      );
      if (changes.length === 0 && (await ctx.db.slot.count({ where: { chatId: ctx.chatId } })) >= MAX_KEY_FACTS)
        return { saved: false, reason: `At most ${MAX_KEY_FACTS} key facts are pinned in one chat; ask the person which one to remove.` };
      return { saved: fact.key, changed: changes.length > 0 };
    },
  });
}
