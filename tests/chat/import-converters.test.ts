import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportedChat } from '@/lib/chat/import/imported-chat';
import { type ExportFile, readExport } from '@/lib/chat/import/read-export';
import { MAX_JSON_DEPTH } from '@/lib/http/bounded-json';
import { zipFile } from '@/tests/support/zip-file';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'import-fixtures', name));
const file = (bytes: Buffer | string, name = 'conversations.json'): ExportFile => ({ name, bytes: Buffer.from(bytes) });

async function chatsOf(export_: ExportFile) {
  const chats: Array<{ source: string; chat: ImportedChat }> = [];
  for await (const read of readExport(export_, MAX_JSON_DEPTH)) chats.push(read);
  return chats;
}
const refusalOf = (export_: ExportFile) =>
  chatsOf(export_).then(
    () => null,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  );
const texts = (chat: ImportedChat) => chat.messages.map((m) => `${m.role}: ${m.text}`);

// Exports written from each app's documented format: what a person saw there is what the new chat reads.
describe('reading a ChatGPT export', () => {
  it('follows the branch the person last saw: the edited question and its answer, not the first try', async () => {
    const [first] = await chatsOf(file(fixture('chatgpt-conversations.json')));
    expect(first!.source).toBe('chatgpt');
    const chat = first!.chat;
    expect(chat.title).toBe('Sorting a list in Python');
    expect(chat.createdAt.toISOString()).toBe('2024-05-01T10:00:00.123Z');
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts(chat).join('\n')).not.toContain('first try');
    expect(texts(chat).join('\n')).not.toContain('abandoned branch');
    // the browser search between question and answer is not shown, the system prompt neither
    expect(texts(chat).join('\n')).not.toContain('search(');
    expect(chat.messages[3]!.model).toBe('gpt-4o');
    expect(chat.messages.map((m) => m.createdAt.getTime())).toEqual([1714557601000, 1714557605000, 1714557800000, 1714557806000]);
  });

  it('keeps code fenced, names an uploaded image by its file name, and drops source marks', async () => {
    const [first] = await chatsOf(file(fixture('chatgpt-conversations.json')));
    const [, answer, question, second] = first!.chat.messages;
    expect(answer!.text).toContain('```python\nnumbers = [3, 1, 2]\nprint(sorted(numbers))\n```');
    expect(answer!.text.endsWith('or `list.sort()` to sort in place.')).toBe(true);
    expect(question!.text).toBe('[image: numbers-screenshot.png]\n\nHow would I sort the numbers in this screenshot, largest first?');
    expect(second!.text).toContain('```python\nprint(sorted([3, 1, 2], reverse=True))  # [3, 2, 1]\n```');
  });

  it('shows a generated image as a placeholder in the answer, and an interrupted answer as stopped', async () => {
    const chats = await chatsOf(file(fixture('chatgpt-conversations.json')));
    const cat = chats[1]!.chat;
    expect(texts(cat)).toEqual([
      'user: Draw a cat wearing a hat.',
      'assistant: [image: file-Cat9Hat1Gen2]\n\nHere is a cat in a tall striped hat.',
    ]);
    expect(cat.messages[1]!.status).toBe('stopped');
  });

  it('shows code the model ran and its output as fenced blocks of one answer', async () => {
    const chats = await chatsOf(file(fixture('chatgpt-conversations.json')));
    const average = chats[2]!.chat;
    expect(texts(average)).toEqual([
      'user: What is the average of 4, 8 and 15?',
      'assistant: ```python\nvalues = [4, 8, 15]\nsum(values) / len(values)\n```\n\n```\n9.0\n```\n\nThe average is **9**.',
    ]);
  });

  it('a conversation with nothing a person could read becomes an empty chat (the import skips it)', async () => {
    const chats = await chatsOf(file(fixture('chatgpt-conversations.json')));
    expect(chats).toHaveLength(4);
    expect(chats[3]!.chat.messages).toEqual([]);
  });

  it('without a current node, the newest leaf; a loop in the parents ends the walk', async () => {
    const conversation = JSON.parse(fixture('chatgpt-conversations.json').toString())[0];
    delete conversation.current_node;
    conversation.mapping.root.parent = 'a2b'; // a damaged file: the root points back down
    const [read] = await chatsOf(file(JSON.stringify([conversation])));
    expect(read!.chat.messages.at(-1)!.text).toContain('reverse=True');
  });

  it('reads conversations.json out of the export ZIP, beside the images', async () => {
    const zip = zipFile([
      { name: 'file-Xq7PLx3bT9vKm2-numbers-screenshot.png', data: Buffer.from('not really a png'), store: true },
      { name: 'chat.html', data: Buffer.from('<html></html>') },
      { name: 'conversations.json', data: fixture('chatgpt-conversations.json') },
    ]);
    const chats = await chatsOf(file(zip, 'export.zip'));
    expect(chats.map((c) => c.chat.title)).toEqual([
      'Sorting a list in Python',
      'A cat in a hat',
      'Average of three numbers',
      'Only a system prompt',
    ]);
  });
});

describe('reading a Claude.ai export', () => {
  it('keeps the messages in order with their roles; attachments are named; thinking is not shown', async () => {
    const [tea, untitled] = await chatsOf(file(fixture('claude-conversations.json')));
    expect(tea!.source).toBe('claude');
    expect(tea!.chat.title).toBe('Tea for a cold evening');
    expect(texts(tea!.chat)).toEqual([
      'user: [file: cupboard.txt]\n\n[image: shelf.jpg]\n\nWhich tea should I make tonight? Here is what is in my cupboard.',
      'assistant: Chamomile: it has no caffeine, so it will not keep you awake.\n\n```text\nsteep 5 minutes at 95 °C\n```',
      'user: Thanks!',
    ]);
    expect(tea!.chat.messages[2]!.createdAt.toISOString()).toBe('2025-02-10T18:35:12.000Z');
    expect(untitled!.chat).toMatchObject({ title: 'New chat', messages: [] });
  });
});

describe('reading a Quire chat export', () => {
  it('keeps title, roles, kinds, statuses, models and times; an answer cut off mid-stream is stopped', async () => {
    const exported = {
      format: 'quire.chat.v1',
      id: 'c1',
      title: 'Поездка в Лиссабон',
      model: 'sim-swift',
      createdAt: '2026-04-01T09:00:00.000Z',
      exportedAt: '2026-04-02T09:00:00.000Z',
      messages: [
        {
          id: 'm1',
          role: 'user',
          kind: 'text',
          text: 'Plan a day',
          status: 'complete',
          model: null,
          createdAt: '2026-04-01T09:00:00.000Z',
        },
        {
          id: 'm2',
          role: 'assistant',
          kind: 'text',
          text: 'Morning: Belém',
          status: 'truncated',
          model: 'sim-swift',
          createdAt: '2026-04-01T09:00:00.000Z',
        },
        {
          id: 'm3',
          role: 'assistant',
          kind: 'event',
          text: 'Document started',
          status: 'complete',
          model: null,
          createdAt: '2026-04-01T09:01:00.000Z',
        },
        {
          id: 'm4',
          role: 'assistant',
          kind: 'text',
          text: 'Half',
          status: 'streaming',
          model: 'sim-swift',
          createdAt: '2026-04-01T09:02:00.000Z',
        },
      ],
    };
    const [read] = await chatsOf(file(JSON.stringify(exported, null, 2), 'chat.json'));
    expect(read!.source).toBe('quire');
    expect(read!.chat.title).toBe('Поездка в Лиссабон');
    expect(read!.chat.messages.map(({ role, kind, text, status, model }) => ({ role, kind, text, status, model }))).toEqual([
      { role: 'user', kind: 'text', text: 'Plan a day', status: 'complete', model: null },
      { role: 'assistant', kind: 'text', text: 'Morning: Belém', status: 'truncated', model: 'sim-swift' },
      { role: 'assistant', kind: 'event', text: 'Document started', status: 'complete', model: null },
      { role: 'assistant', kind: 'text', text: 'Half', status: 'stopped', model: 'sim-swift' },
    ]);
    // two messages written in the same millisecond still read in their order
    const times = read!.chat.messages.map((m) => m.createdAt.getTime());
    expect(times[1]).toBe(times[0]! + 1);
  });
});

describe("reading Quire's own archive (download my data)", () => {
  it('each chat exported as JSON in it becomes a chat; the account, documents and uploads are passed over', async () => {
    const chatFile = (title: string) =>
      Buffer.from(
        JSON.stringify({
          format: 'quire.chat.v1',
          title,
          createdAt: '2026-03-01T10:00:00.000Z',
          messages: [
            { role: 'user', kind: 'text', text: `About ${title}`, status: 'complete', model: null, createdAt: '2026-03-01T10:00:00.000Z' },
          ],
        }),
      );
    const archive = zipFile([
      { name: 'account.json', data: Buffer.from(JSON.stringify({ format: 'quire.account.v1', email: 'a@example.com' })) },
      { name: 'chats/Lisbon.md', data: Buffer.from('# Lisbon') },
      { name: 'chats/Lisbon.json', data: chatFile('Lisbon') },
      { name: 'chats/Porto.json', data: chatFile('Porto') },
      { name: 'uploads/notes.json', data: Buffer.from('{"not": json at all') },
    ]);
    const chats = await chatsOf(file(archive, 'quire-data.zip'));
    expect(chats.map(({ source, chat }) => [source, chat.title, chat.messages[0]!.text])).toEqual([
      ['quire', 'Lisbon', 'About Lisbon'],
      ['quire', 'Porto', 'About Porto'],
    ]);
  });
});

describe('files that are not exports, or are hostile', () => {
  it('garbage, a JSON list of numbers, an unknown object and a cut-off file are not recognised', async () => {
    for (const bytes of ['hello', '[1, 2, 3]', '{"version": 4, "history": []}', '[{"title": "x", "mapping": {}', '', '[{"foo": 1}]'])
      expect((await refusalOf(file(bytes)))?.code, bytes).toBe('import_not_recognised');
  });

  it('a ChatGPT list with a Claude conversation in it is refused, naming the conversation', async () => {
    const chatgpt = JSON.parse(fixture('chatgpt-conversations.json').toString());
    const claude = JSON.parse(fixture('claude-conversations.json').toString());
    const refusal = await refusalOf(file(JSON.stringify([chatgpt[0], claude[0]])));
    expect(refusal).toEqual({
      code: 'import_not_recognised',
      message: 'Conversation 2 is not a ChatGPT conversation like the ones before it.',
    });
  });

  it('JSON nested 100,000 deep is refused unparsed, whatever the brackets inside strings', async () => {
    const bomb = `[{"title": "[[[[", "mapping": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]`;
    expect((await refusalOf(file(bomb)))?.code).toBe('import_too_deep');
    // brackets inside strings are words, not nesting
    const deepWords = JSON.stringify([{ title: '['.repeat(500), chat_messages: [{ sender: 'human', text: '{'.repeat(500) }] }]);
    expect(await refusalOf(file(deepWords))).toBeNull();
  });

  it('more than 1,000 conversations is refused whole', async () => {
    const one = { name: 'x', created_at: '2025-01-01T00:00:00Z', chat_messages: [{ sender: 'human', text: 'hi' }] };
    const refusal = await refusalOf(file(JSON.stringify(Array.from({ length: 1001 }, () => one))));
    expect(refusal?.code).toBe('import_too_many_chats');
    expect(await refusalOf(file(JSON.stringify(Array.from({ length: 1000 }, () => one))))).toBeNull();
  });

  it('a ZIP bomb is refused as it inflates, whatever size its headers declare', async () => {
    const zeros = Buffer.alloc(40 * 1024 * 1024, 0x20); // 40 MB of spaces packs into ~40 KB
    const honest = zipFile([{ name: 'conversations.json', data: zeros }]);
    expect((await refusalOf(file(honest, 'export.zip')))?.code).toBe('import_zip_bomb');
    const lying = zipFile([{ name: 'conversations.json', data: zeros, declaredSize: 100 }]);
    expect((await refusalOf(file(lying, 'export.zip')))?.code).toBe('import_zip_bomb');
  });

  it('a ZIP without conversations.json, or a damaged one, is not recognised', async () => {
    const images = zipFile([
      { name: 'a.png', data: Buffer.from('x') },
      { name: 'b.png', data: Buffer.from('y') },
    ]);
    expect((await refusalOf(file(images, 'export.zip')))?.code).toBe('import_not_recognised');
    const damaged = zipFile([{ name: 'conversations.json', data: fixture('claude-conversations.json') }]);
    damaged.fill(0xff, 40, 80); // inside the packed data
    expect((await refusalOf(file(damaged, 'export.zip')))?.code).toBe('import_not_recognised');
  });
});
