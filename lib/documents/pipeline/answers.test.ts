import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { answeredQuestionsContext, answerQuestions } from './answers';

describe.each(testDatabaseKinds())('answers to the clarifying questions, on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.dispose();
  });

  it('become a source carrying only what the person said; the questions are context, never material', async () => {
    const user = await createUser(db.prisma);
    const document = await db.prisma.document.create({
      data: { ownerId: user.id, request: 'a report', title: 'Lisbon warehouse', model: 'sim-swift' },
    });
    await db.prisma.documentJob.create({
      data: { documentId: document.id, status: 'awaiting_answers', step: 'questions', budgetMicros: 1_000_000n },
    });
    const asked = ['Who will read the report?', 'Are there sources or figures you want included?'];
    const questions = await Promise.all(
      asked.map((text, position) => db.prisma.documentQuestion.create({ data: { documentId: document.id, position, text } })),
    );

    await answerQuestions(db.prisma, document.id, [
      { questionId: questions[0]!.id, text: 'Operations managers.' },
      { questionId: questions[1]!.id, text: 'The 2023 delivery figures.' },
    ]);

    const paragraphs = await db.prisma.sourceParagraph.findMany({
      where: { source: { documentId: document.id, kind: 'answers' } },
      orderBy: { number: 'asc' },
    });
    expect(paragraphs.map((p) => p.text)).toEqual(['Operations managers.', 'The 2023 delivery figures.']);
    expect(await answeredQuestionsContext(db.prisma, document.id)).toEqual([
      '- Asked: Who will read the report? Answered: Operations managers.',
      '- Asked: Are there sources or figures you want included? Answered: The 2023 delivery figures.',
    ]);
  });
});
