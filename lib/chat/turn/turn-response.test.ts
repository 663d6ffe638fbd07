import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, type ChatHarness } from '@/tests/support/chat-harness';
import { prepareTurn } from './prepare-turn';
import { streamTurnResponse } from './turn-response';

/** The response body as the browser's useChat reads it: SSE → UI message chunks → the assistant message. */
async function readAsBrowser(response: Response): Promise<UIMessage | undefined> {
  const chunks = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream<{ success: boolean; value?: UIMessageChunk; error?: unknown }, UIMessageChunk>({
      transform(parsed, controller) {
        if (!parsed.success) throw parsed.error;
        controller.enqueue(parsed.value!);
      },
    }),
  );
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: chunks })) last = message;
  return last;
}

describe('the turn response stream', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is a UI message stream the SDK reads back into the saved answer, with the turn status as data', async () => {
    const { user, chatId } = await newUserChat(h);
    const turn = await prepareTurn(h.deps, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: '[sim:list 12] ideas',
      rateLimitPerMinute: 100,
    });
    const response = streamTurnResponse(h.deps, turn, new Request('http://local/'));
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('x-turn-id')).toBe(turn.turnId);

    const message = await readAsBrowser(response);
    const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
    expect(message?.id).toBe(turn.assistantMessageId);
    const text = message?.parts
      .filter((p) => p.type === 'text')
      .map((p) => p.text)
      .join('');
    expect(text).toBe(saved.text);
    expect(text).toMatch(/^12\. /m);
    expect(message?.parts.find((p) => p.type === 'data-turn')).toMatchObject({ data: { status: 'complete' } });
  });

  it('cancelling the body (the stop button) stops the turn and saves what was sent', async () => {
    const { user, chatId } = await newUserChat(h);
    const turn = await prepareTurn(h.deps, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: '[sim:delay=20] [sim:list 80] ideas',
      rateLimitPerMinute: 100,
    });
    const reader = streamTurnResponse(h.deps, turn, new Request('http://local/')).body!.getReader();
    let received = '';
    while (!received.includes('"text-delta"')) received += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    for (let i = 0; i < 100; i++) {
      const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: turn.assistantMessageId } });
      if (saved.status !== 'streaming') {
        expect(saved.status).toBe('stopped');
        expect(saved.text.length).toBeGreaterThan(0);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the turn did not stop');
  });
});
