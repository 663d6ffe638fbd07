import type { ToolExecutionOptions } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachToChat } from '@/lib/documents/intake/attachments';
import { documentChatTools } from '@/lib/documents/chat-tools';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { createTestChat, createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';

const options = { toolCallId: 'call-1', messages: [] } as unknown as ToolExecutionOptions;

describe('the chat model’s document tools', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await simulator?.close();
    await db?.dispose();
  });

  it('start_document starts a document from the conversation with the files attached in the chat; revise_section revises a named section', async () => {
    const userId = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, userId, 'sim-mini');
    await attachToChat(db.prisma, userId, chatId, [parsePastedText('Warehouse notes', SAMPLE_SOURCE)]);
    const deps = testPipelineDeps(db.prisma, simulator.url);
    const tools = documentChatTools(deps)({ db: db.prisma, chatId, userId, userMessageId: 'm1' });

    const started = (await tools.start_document.execute!({ request: 'Write a report on the Lisbon warehouse' }, options)) as {
      documentId: string;
      sources: number;
    };
    expect(started.sources).toBe(1);
    const document = await db.prisma.document.findUniqueOrThrow({ where: { id: started.documentId } });
    expect(document).toMatchObject({ chatId, ownerId: userId, model: 'sim-mini' });
    // the Started message waits for the plan: nothing is posted when the request arrives
    expect(await db.prisma.message.count({ where: { chatId, kind: 'event' } })).toBe(0);

    await driveJobsToRest(deps);
    const sections = await db.prisma.section.findMany({ where: { documentId: document.id }, orderBy: { position: 'asc' } });
    const revised = (await tools.revise_section.execute!(
      { documentId: document.id, section: sections[0].title, instruction: 'Make it shorter' },
      options,
    )) as { applied: boolean };
    expect(revised.applied).toBe(true);
    const missing = tools.revise_section.execute!({ documentId: document.id, section: 'No such section', instruction: 'x' }, options);
    await expect(missing).rejects.toThrow(/No section matches/);
  });

  it("documents the model starts count in the person's rate limit, like ones started through the API", async () => {
    const userId = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, userId, 'sim-mini');
    const deps = { ...testPipelineDeps(db.prisma, simulator.url), rateLimitPerMinute: 2 };
    const tools = documentChatTools(deps)({ db: db.prisma, chatId, userId, userMessageId: 'm1' });
    const start = () => tools.start_document.execute!({ request: 'Write a report on the Lisbon warehouse' }, options);
    await start();
    await start();
    await expect(start()).rejects.toThrow(/Too many requests/);
    expect(await db.prisma.document.count({ where: { ownerId: userId } })).toBe(2);
  });
});
