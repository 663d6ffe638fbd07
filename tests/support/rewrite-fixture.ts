import { wrapLanguageModel, type LanguageModelMiddleware } from 'ai';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import type { ModelProvider } from '@/lib/llm/provider';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { shareDocument } from '@/lib/documents/members';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { writeSectionVersion } from '@/lib/documents/sections/section-versions';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from '@/tests/support/test-database';
import { createTestChat, createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';

/**
 * A written two-section document (the pipeline run once against the
 * simulator) and the four people a rewrite cares about, for the rewrite
 * tests and the benchmark. Each test puts the text it needs in place with
 * `setBody`, a manual edit, so the tests do not depend on the draft's wording.
 */
export interface RewriteFixture {
  db: TestDatabase;
  simulator: SimulatorServer;
  deps: PipelineDeps;
  owner: string;
  editor: string;
  reviewer: string;
  stranger: string;
  documentId: string;
  chatId: string;
  sectionIds: [string, string];
  /** the section's body becomes (the canonical form of) `text`; returns the new version and body */
  setBody(sectionId: string, text: string): Promise<{ version: number; body: string }>;
  dispose(): Promise<void>;
}

export async function openRewriteFixture(kind: TestDatabaseKind, options: { tokenDelayMs?: number } = {}): Promise<RewriteFixture> {
  const db = await openTestDatabase(kind);
  const simulator = await startSimulatorServer({ port: 0, tokenDelayMs: options.tokenDelayMs ?? 1 });
  const deps = testPipelineDeps(db.prisma, simulator.url);
  const [owner, editor, reviewer, stranger] = await Promise.all(
    ['owner', 'editor', 'reviewer', 'stranger'].map((role) =>
      createTestUser(db.prisma, { email: `${role}@example.com`, credits: 100_000_000n }),
    ),
  );
  const chatId = await createTestChat(db.prisma, owner);
  const { id: documentId } = await createDocument(db.prisma, {
    ownerId: owner,
    chatId,
    request: 'Write a report on the Lisbon warehouse',
    model: 'sim-swift',
    sectionCount: 2,
    researchRounds: 1,
    budgetMicros: 100_000_000n,
    sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
  });
  await driveJobsToRest(deps);
  await shareDocument(db.prisma, documentId, owner, 'editor@example.com', 'editor');
  await shareDocument(db.prisma, documentId, owner, 'reviewer@example.com', 'reviewer');
  const sections = await db.prisma.section.findMany({
    where: { documentId },
    orderBy: { position: 'asc' },
    select: { id: true, status: true },
  });
  if (sections.length !== 2 || sections.some((s) => s.status !== 'written' && s.status !== 'flagged')) {
    throw new Error(`the fixture document was not written: ${JSON.stringify(sections)}`);
  }
  const setBody = async (sectionId: string, text: string) => {
    const { version } = await db.prisma.section.findUniqueOrThrow({ where: { id: sectionId }, select: { version: true } });
    const saved = await writeSectionVersion(db.prisma, {
      sectionId,
      authorId: owner,
      body: text,
      baseVersion: version,
      kind: 'manual',
      how: 'edited',
    });
    return { version: saved.version, body: saved.body };
  };
  return {
    db,
    simulator,
    deps,
    owner,
    editor,
    reviewer,
    stranger,
    documentId,
    chatId,
    sectionIds: [sections[0].id, sections[1].id],
    setBody,
    dispose: async () => {
      await simulator.close();
      await db.dispose();
    },
  };
}

/** The same provider with every chat model wrapped, to rewrite replies in a test or time calls in the benchmark. */
export function withModelMiddleware(provider: ModelProvider, middleware: LanguageModelMiddleware): ModelProvider {
  const wrapped = { chatModel: (id: string) => wrapLanguageModel({ model: provider.chatModel(id), middleware }) };
  // only chatModel is used by the pipeline's calls (callModelBilled)
  return wrapped as unknown as ModelProvider;
}

/** Middleware that rewrites the whole reply text once it is complete (e.g. to drop citation markers). */
export function replyRewriter(rewrite: (text: string) => string): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    wrapStream: async ({ doStream }) => {
      const { stream, ...rest } = await doStream();
      let text = '';
      const transformed = stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            if (part.type === 'text-delta') {
              text += part.delta;
              return;
            }
            if (part.type === 'text-end') controller.enqueue({ type: 'text-delta', id: part.id, delta: rewrite(text) });
            controller.enqueue(part);
          },
        }),
      );
      return { stream: transformed, ...rest };
    },
  };
}
