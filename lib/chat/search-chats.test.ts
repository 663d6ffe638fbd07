import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { messageSearchText } from '@/lib/text/segment';
import { searchChats } from './search-chats';

const FIRST = { limit: 50 };

describe.each(testDatabaseKinds())('searching chats on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.dispose();
  });

  async function chatWith(userId: string, title: string, texts: string[]) {
    const chat = await db.prisma.chat.create({ data: { userId, title, model: 'm' } });
    // as the app writes them: Chinese text also segmented for the index
    for (const text of texts)
      await db.prisma.message.create({
        data: { chatId: chat.id, role: 'user', text, searchText: messageSearchText(text), status: 'complete' },
      });
    return chat.id;
  }

  it('finds chats by every word of the query in their messages or title, Chinese segmented, only the person’s own', async () => {
    const user = await createUser(db.prisma);
    const other = await createUser(db.prisma);
    const picnic = await chatWith(user.id, 'Weekend', ['Plan a picnic by the river with sandwiches']);
    const shanghai = await chatWith(user.id, '旅行', ['我下个月去上海出差，天气怎么样？']);
    await chatWith(user.id, 'Cooking', ['A recipe for river fish']);
    await chatWith(other.id, 'Not mine', ['picnic by the river']);

    expect((await searchChats(db.prisma, user.id, 'river picnic', FIRST)).items.map((h) => h.id)).toEqual([picnic]);
    const [hit] = (await searchChats(db.prisma, user.id, 'PICNIC', FIRST)).items;
    expect(hit).toMatchObject({ id: picnic, title: 'Weekend', snippet: expect.stringContaining('picnic by the river') });
    // "上海天气" has no spaces: it is searched as 上海 + 天气, which appear apart in the message
    expect((await searchChats(db.prisma, user.id, '上海天气', FIRST)).items.map((h) => h.id)).toEqual([shanghai]);
    expect((await searchChats(db.prisma, user.id, 'weekend', FIRST)).items.map((h) => h.id)).toEqual([picnic]);
    expect((await searchChats(db.prisma, user.id, '100%_', FIRST)).items).toEqual([]);
    expect((await searchChats(db.prisma, user.id, '   ', FIRST)).items).toEqual([]);
  });

  it('a snippet reads as the chat shows the message: no Markdown marks, link targets or table pipes', async () => {
    const user = await createUser(db.prisma);
    await chatWith(user.id, 'Setup', [
      '## Before the picnic\n\nRun **`npm install`** and read [the packing guide](https://example.com/guide#picnic) first.\n\n| item | qty |\n|---|---|\n| picnic blanket | 1 |',
    ]);
    const [hit] = (await searchChats(db.prisma, user.id, 'picnic', FIRST)).items;
    expect(hit!.snippet).toContain('Before the picnic Run npm install and read the packing guide first.');
    expect(hit!.snippet).not.toMatch(/\*\*|`|\]\(|##|\|/);
  });

  it('a chat that passes to another person is found by them, no longer by its first owner', async () => {
    const first = await createUser(db.prisma);
    const second = await createUser(db.prisma);
    const chat = await chatWith(first.id, 'Handover', ['The quarterly invoice is overdue']);
    expect((await searchChats(db.prisma, first.id, 'invoice', FIRST)).items.map((h) => h.id)).toEqual([chat]);
    // the database keeps each message's owner (the search index's) the chat's: no writer has to remember it
    await db.prisma.chat.update({ where: { id: chat }, data: { userId: second.id } });
    expect((await searchChats(db.prisma, first.id, 'invoice', FIRST)).items).toEqual([]);
    expect((await searchChats(db.prisma, second.id, 'invoice', FIRST)).items.map((h) => h.id)).toEqual([chat]);
  });

  it('pages through many hits by cursor, each once, newest first; a word matches from its start', async () => {
    const user = await createUser(db.prisma);
    const start = Date.UTC(2026, 0, 1);
    const chats = await Promise.all(
      Array.from({ length: 120 }, (_, n) =>
        db.prisma.chat.create({
          data: {
            userId: user.id,
            title: `Week ${n}`,
            model: 'm',
            lastMessageAt: new Date(start + Math.floor(n / 2) * 60_000),
            messages: { create: { role: 'user', text: `The budget for week ${n}`, status: 'complete' } },
          },
        }),
      ),
    );
    const seen: string[] = [];
    let page = await searchChats(db.prisma, user.id, 'budg', FIRST);
    seen.push(...page.items.map((h) => h.id));
    while (page.next) {
      page = await searchChats(db.prisma, user.id, 'budg', { after: page.next, limit: 50 });
      seen.push(...page.items.map((h) => h.id));
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const order = new Map(chats.map((c) => [c.id, c.lastMessageAt.getTime()]));
    const times = seen.map((id) => order.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
