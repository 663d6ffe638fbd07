import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { buildChatTools } from '../tools/registry';
import { CHAT_SYSTEM_PROMPT } from './chat-turn';

describe('the chat system prompt', () => {
  it('names exactly the tools the chat offers on every round', async () => {
    const offered = Object.keys(await buildChatTools({ db: {} as Db, chatId: 'c', userId: 'u', userMessageId: 'm' })).sort();
    const named = [...new Set(CHAT_SYSTEM_PROMPT.match(/\b[a-z]+_[a-z]+\b/g))].sort();
    expect(named).toEqual(offered);
  });

  it("is a person's conversation, not a service task: no task header", () => {
    expect(CHAT_SYSTEM_PROMPT).not.toMatch(/^Quire task:/m);
    expect(CHAT_SYSTEM_PROMPT).toContain('Answer in the language the user writes in');
  });
});
