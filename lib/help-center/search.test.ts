import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { searchArticles } from './search';
import { seedHelpCenter } from './seed';
import { segmentWords } from '../text/segment';

describe('segmenting text for full-text search', () => {
  it('splits Chinese into words, which PostgreSQL cannot do by itself', () => {
    expect(segmentWords('如何重置密码').length).toBeGreaterThan(1);
    expect(segmentWords('Как сбросить пароль?')).toEqual(['как', 'сбросить', 'пароль']);
  });
});

describe.each(testDatabaseKinds())('help-center search on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    expect(await seedHelpCenter(db.prisma)).toBeGreaterThanOrEqual(36);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('finds the English article for a naturally phrased question', async () => {
    const [hit] = await searchArticles(db.prisma, 'How do I reset my password?');
    expect(hit?.slug).toBe('reset-password-en');
  });

  it('finds the Russian article', async () => {
    const hits = await searchArticles(db.prisma, 'как сбросить пароль');
    expect(hits[0]?.slug).toBe('reset-password-ru');
  });

  it('finds the Chinese article for a Chinese query', async () => {
    const hits = await searchArticles(db.prisma, '怎么重置密码');
    expect(hits[0]?.slug).toBe('reset-password-zh');
  });

  it('finds the account article for ordinary questions about email and other devices', async () => {
    expect((await searchArticles(db.prisma, 'How do I change my email address?'))[0]?.slug).toBe('account-email-sessions-en');
    expect((await searchArticles(db.prisma, 'sign out of my other devices'))[0]?.slug).toBe('account-email-sessions-en');
    expect((await searchArticles(db.prisma, 'как выйти на других устройствах'))[0]?.slug).toBe('account-email-sessions-ru');
    expect((await searchArticles(db.prisma, '如何更改邮箱地址'))[0]?.slug).toBe('account-email-sessions-zh');
  });

  it('re-seeding updates articles in place instead of duplicating them', async () => {
    const before = await db.prisma.article.count();
    await seedHelpCenter(db.prisma);
    expect(await db.prisma.article.count()).toBe(before);
  });

  it('a query with nothing searchable returns no results rather than failing', async () => {
    expect(await searchArticles(db.prisma, '?!')).toEqual([]);
  });
});
