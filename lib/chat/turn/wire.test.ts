import {
  AbstractChat,
  parseJsonEventStream,
  uiMessageChunkSchema,
  type ChatState,
  type ChatStatus,
  type ChatTransport,
  type UIMessageChunk,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, type ChatHarness } from '@/tests/support/chat-harness';
import { prepareTurn } from './prepare-turn';
import { streamTurnResponse } from './turn-response';
import { streamedDataPartSchemas, turnDataSchemas, turnMetadataSchema, type ChatMessage } from './wire';

/** The browser's chat state, as a plain object (useChat keeps the same in React state). */
class MemoryState implements ChatState<ChatMessage> {
  messages: ChatMessage[] = [];
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  pushMessage = (message: ChatMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: ChatMessage) => {
    this.messages = this.messages.map((m, i) => (i === index ? message : m));
  };
  snapshot = <T>(value: T): T => structuredClone(value);
}

class PageChat extends AbstractChat<ChatMessage> {}

/** A chat that reads one given stream of chunks as its answer, with the schemas the chat page passes to useChat. */
async function readAsTheChatPage(chunks: ReadableStream<UIMessageChunk>, schemas: object = streamedDataPartSchemas) {
  const transport: ChatTransport<ChatMessage> = { sendMessages: async () => chunks, reconnectToStream: async () => null };
  const errors: string[] = [];
  const chat = new PageChat({
    transport,
    state: new MemoryState(),
    dataPartSchemas: schemas as typeof streamedDataPartSchemas,
    messageMetadataSchema: turnMetadataSchema,
    onError: (error) => errors.push(error.message),
  });
  await chat.sendMessage({ text: 'hello' });
  return { answer: chat.messages.find((m) => m.role === 'assistant'), errors };
}

function chunksOf(...chunks: UIMessageChunk[]): ReadableStream<UIMessageChunk> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const forgedTurnPart = { type: 'data-turn', data: { status: 'finished', costMicros: '12' } } as unknown as UIMessageChunk;

describe('the turn wire contract', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it("a real turn's stream, tool call included, passes the chat page's checks and carries typed parts", async () => {
    const { user, chatId } = await newUserChat(h);
    const turn = await prepareTurn(h.deps, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'How do I reset my password?',
      rateLimitPerMinute: 100,
    });
    const response = streamTurnResponse(h.deps, turn, new Request('http://local/'));
    const chunks = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema }).pipeThrough(
      new TransformStream<{ success: boolean; value?: UIMessageChunk; error?: unknown }, UIMessageChunk>({
        transform(parsed, controller) {
          if (!parsed.success) throw parsed.error;
          controller.enqueue(parsed.value!);
        },
      }),
    );

    const { answer, errors } = await readAsTheChatPage(chunks);
    expect(errors).toEqual([]);
    expect(answer?.metadata).toEqual({ turnId: turn.turnId, model: turn.model.id });
    const tool = answer?.parts.find((part) => part.type === 'data-tool');
    const outcome = answer?.parts.find((part) => part.type === 'data-turn');
    expect(tool?.type === 'data-tool' && tool.data.name).toBe('search_docs');
    expect(outcome?.type === 'data-turn' && outcome.data.status).toBe('complete');
  });

  it('a data part that breaks the contract is an error on the page, not a silently wrong answer', async () => {
    const { errors } = await readAsTheChatPage(chunksOf({ type: 'start', messageId: 'a1' }, forgedTurnPart, { type: 'finish' }));
    expect(errors.join('\n')).toMatch(/data-turn/);
  });

  it('needs the schemas keyed by chunk type: keyed by part name, ai 6.0 checks nothing', async () => {
    // if this starts failing, the SDK looks schemas up by part name now and streamedDataPartSchemas can go
    const { errors } = await readAsTheChatPage(
      chunksOf({ type: 'start', messageId: 'a2' }, forgedTurnPart, { type: 'finish' }),
      turnDataSchemas,
    );
    expect(errors).toEqual([]);
  });
});
