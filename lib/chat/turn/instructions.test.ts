import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateChatSettings } from '@/lib/chat/chats';
import type { MessageMeta } from '@/lib/chat/message-meta';
import { savePersonalInstructions } from '@/lib/chat/personal-instructions';
import { createModelProvider } from '@/lib/llm/provider';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { startScriptedUpstream, type ScriptedUpstream } from '@/tests/support/scripted-upstream';

const systemOf = (messages: Array<{ role: string; content: unknown }>) => String(messages.find((m) => m.role === 'system')?.content ?? '');

// What the person wrote in Settings → Instructions and in a chat's own instructions, as the provider receives it.
describe('a person’s instructions reach the model on every turn', () => {
  let h: ChatHarness;
  let upstream: ScriptedUpstream;

  beforeAll(async () => {
    // a small window, so that 60 turns push every early message out of the prompt
    h = await openChatHarness('pglite', { models: { 'sim-mini': { contextWindow: 3_000, maxOutputTokens: 200 } } });
    upstream = await startScriptedUpstream(() => ({ text: ['Noted, here is the answer.'], usage: { prompt: 400, completion: 8 } }));
    h.deps.provider = createModelProvider({ baseUrl: upstream.url });
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await h?.close();
  });

  it('About me, How to answer and the chat’s instructions are in the request of turn 1 and of turn 60, and the answer says what was sent', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini', credits: 100_000_000n });
    await savePersonalInstructions(h.db.prisma, user.id, {
      aboutMe: '  I am a nurse in Lyon working night shifts.  ',
      answerStyle: 'Answer in French, briefly.',
    });
    await updateChatSettings(h.db.prisma, chatId, user.id, { instructions: 'This chat is about my rota spreadsheet.' });

    const first = upstream.requests.length;
    for (let turn = 1; turn <= 60; turn++) {
      const run = await runChatTurn(h, {
        userId: user.id,
        chatId,
        mode: 'answer',
        text: `Question ${turn}: which formula sums column ${turn}?`,
      });
      expect(run.outcome.status).toBe('complete');
    }
    const sent = upstream.requests.slice(first);
    expect(sent).toHaveLength(60);
    for (const request of [sent[0]!, sent[59]!]) {
      const system = systemOf(request.messages);
      expect(system).toContain('I am a nurse in Lyon working night shifts.');
      expect(system).toContain('Answer in French, briefly.');
      expect(system).toContain('This chat is about my rota spreadsheet.');
    }
    // the early questions are long gone from the prompt; the instructions are not
    expect(JSON.stringify(sent[59]!.messages)).not.toContain('Question 1:');

    const last = await h.db.prisma.message.findFirstOrThrow({ where: { chatId, role: 'assistant' }, orderBy: { createdAt: 'desc' } });
    const context = (last.meta as MessageMeta).context!;
    expect(context.instructions).toEqual({
      aboutMe: 'I am a nurse in Lyon working night shifts.',
      answerStyle: 'Answer in French, briefly.',
      chat: 'This chat is about my rota spreadsheet.',
    });
    expect(context.parts.find((p) => p.part === 'instructions')!.tokens).toBeGreaterThan(10);
  }, 180_000);

  it('a chat of someone who wrote none sends Quire’s prompt alone, and a cleared instruction stops being sent', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    const plain = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' });
    expect(systemOf(plain.turn.messages)).not.toContain('instructions for this chat');

    await updateChatSettings(h.db.prisma, chatId, user.id, { instructions: 'Always cite the cell.' });
    const withIt = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'and now?' });
    expect(systemOf(withIt.turn.messages)).toContain('Always cite the cell.');
    await updateChatSettings(h.db.prisma, chatId, user.id, { instructions: '' });
    const cleared = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'and now, again?' });
    expect(systemOf(cleared.turn.messages)).not.toContain('Always cite the cell.');
  }, 60_000);
});
