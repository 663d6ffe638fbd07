import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorRequestInfo, type SimulatorServer } from '@/lib/llm/simulator';
import { ModelCatalog, parseModelCatalog } from '@/lib/llm/catalog';
import { SIMULATED_MODELS } from '@/lib/llm/simulator/models';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { getDocumentView } from '@/lib/documents/document-view';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';

const JSON_STEPS = ['type', 'plan', 'questions', 'research'];

/** Steps that want JSON ask for it through the provider's structured output where the model's catalog entry says it works. */
describe('structured output in the document pipeline', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let requests: SimulatorRequestInfo[] = [];
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ tokenDelayMs: 0, observer: { onRequest: (info) => requests.push(info) } });
  });
  afterAll(async () => {
    await simulator?.close();
    await db?.dispose();
  });

  async function writeDocument(model: string, catalog?: ModelCatalog) {
    requests = [];
    const userId = await createTestUser(db.prisma);
    const { id } = await createDocument(db.prisma, {
      ownerId: userId,
      request: 'Write a report on the Northwind Lisbon warehouse',
      model,
      sectionCount: 2,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    const deps = testPipelineDeps(db.prisma, simulator.url, catalog ? { catalog } : {});
    await driveJobsToRest(deps);
    const formats = (purpose: string) => [...new Set(requests.filter((r) => r.purpose === purpose).map((r) => r.responseFormat))];
    return { view: await getDocumentView(db.prisma, id, 'owner'), formats };
  }

  it('sends the reply schema as json_schema to a model that supports it, and the document is written', async () => {
    const { view, formats } = await writeDocument('sim-swift');
    expect(view.status).toBe('done');
    expect(view.sections).toHaveLength(2);
    for (const step of JSON_STEPS) expect(formats(step)).toEqual(['json_schema']);
    // prose steps stay prose
    expect(formats('write')).toEqual([null]);
    expect(formats('summary')).toEqual([null]);
  });

  it('sends no schema to a model without structured outputs and reads its prose-wrapped JSON with the tolerant parser', async () => {
    const { view, formats } = await writeDocument('sim-mini');
    expect(view.status).toBe('done');
    expect(view.type).toBe('report');
    expect(view.sections).toHaveLength(2);
    for (const step of JSON_STEPS) expect(formats(step)).toEqual([null]);
    const facts = await db.prisma.fact.count({ where: { documentId: view.id } });
    expect(facts).toBeGreaterThan(0);
  });

  it('a provider that takes the schema and ignores it (JSON wrapped in prose) still gets the document written', async () => {
    // sim-mini answers every JSON step in prose around the object, schema or not, as some providers do
    const models = parseModelCatalog(undefined, { maxOutputTokens: 2400 }, SIMULATED_MODELS).map((m) =>
      m.id === 'sim-mini' ? { ...m, structuredOutputs: true } : m,
    );
    const { view, formats } = await writeDocument('sim-mini', new ModelCatalog(models));
    expect(formats('type')).toContain('json_schema');
    expect(view.status).toBe('done');
    expect(view.sections).toHaveLength(2);
    // no step was charged a retry for a reply that held its JSON all along
    const retried = await db.prisma.documentJob.findFirstOrThrow({ where: { documentId: view.id } });
    expect(retried.error).toBeNull();
  });
});
