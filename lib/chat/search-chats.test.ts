import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
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
    for (const text of texts) await db.prisma.message.create({ data: { chatId: chat.id, role: 'user', text, status: 'complete' } });
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
});
