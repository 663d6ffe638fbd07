import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { POST as postMessage } from '@/app/api/chats/[id]/messages/route';
import { PATCH as patchChat } from '@/app/api/chats/[id]/route';
import { POST as createChatRoute } from '@/app/api/chats/route';
import { z } from 'zod';
import { buildApp, type App } from '@/lib/app';
import { loadConfig } from '@/lib/config';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { buildOpenApi, responseJsonSchema } from '@/lib/http/openapi/build-openapi';
import { API_OPERATIONS } from '@/lib/http/openapi/operations';
import { cookieOf, jsonRequest, serveApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { tourTheApi } from './api-tour';

const ROOT = path.resolve(import.meta.dirname, '../..');
const doc = buildOpenApi();
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Routes the document leaves out on purpose: the built-in model simulator is
 * internal, answering only this server's own model calls (lib/http/openapi/operations.ts).
 */
const INTERNAL_ROUTES = new Set(['/api/simulator/v1/[...path]']);

/** Every route.ts under app/, as its URL path (route groups dropped), the methods it exports and its source. */
function routeFiles(dir = path.join(ROOT, 'app')): { urlPath: string; methods: string[]; source: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === 'route.ts')
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const segments = path
        .relative(path.join(ROOT, 'app'), entry.parentPath)
        .split(path.sep)
        .filter((s) => !/^\(.*\)$/.test(s));
      const source = readFileSync(file, 'utf8');
      const methods = METHODS.filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source));
      return { urlPath: `/${segments.join('/')}`, methods, source };
    });
}

const toOpenApiPath = (urlPath: string) => urlPath.replace(/\[([^\].]+)\]/g, '{$1}');
const operationsAt = (openApiPath: string) => Object.keys(doc.paths[openApiPath] ?? {}).map((m) => m.toUpperCase());

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document with a title, version, relative server and cookie auth', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Quire API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
        expect(
          doc.tags.map((t) => t.name),
          op.operationId,
        ).toContain(op.tags[0]);
      }
    }
  });

  it('resolves every $ref it uses', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map(([, ref]) => ref);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('documents every route file under app/ with each method it exports', () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThanOrEqual(41);
    const missing: string[] = [];
    for (const { urlPath, methods } of routes) {
      if (INTERNAL_ROUTES.has(urlPath)) continue;
      const catchAll = /\/\[\.\.\.[^\]]+\]$/.exec(urlPath);
      for (const method of methods) {
        const documented = catchAll
          ? Object.keys(doc.paths).some((p) => p.startsWith(`${urlPath.slice(0, catchAll.index)}/`) && operationsAt(p).includes(method))
          : operationsAt(toOpenApiPath(urlPath)).includes(method);
        if (!documented) missing.push(`${method} ${urlPath}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents no path that has no route file', () => {
    const routes = routeFiles().map((r) => r.urlPath);
    const catchAllPrefixes = routes.filter((r) => r.includes('[...')).map((r) => r.slice(0, r.indexOf('/[...')) + '/');
    const known = new Set(routes.map(toOpenApiPath));
    const stray = Object.keys(doc.paths).filter((p) => !known.has(p) && !catchAllPrefixes.some((prefix) => p.startsWith(prefix)));
    expect(stray).toEqual([]);
  });

  it('documents, for every handler that reads a body or query, the very schema object it validates with', async () => {
    let checked = 0;
    for (const { urlPath, source } of routeFiles()) {
      // `import { chatMessageBody as body } from '@/lib/http/api/chat'` → body = that module's export
      const imported = new Map<string, unknown>();
      for (const [, names, from] of source.matchAll(/import \{([^}]+)\} from '(@\/lib\/http\/api\/[^']+)'/g)) {
        const module = (await import(from.replace('@/', `${ROOT}/`) + '.ts')) as Record<string, unknown>;
        for (const name of names.split(',').map((n) => n.trim())) {
          const [exported, local = exported] = name.split(/\s+as\s+/);
          imported.set(local, module[exported]);
        }
      }
      const handlers = source.split(/(?=export const (?:GET|POST|PUT|PATCH|DELETE)\b)/).slice(1);
      for (const handler of handlers) {
        const method = /export const (\w+)/.exec(handler)![1];
        const op = API_OPERATIONS.find((o) => o.path === toOpenApiPath(urlPath) && o.method === method);
        for (const [, reader, local] of handler.matchAll(/(readJson|parseQuery)\(request, (\w+)/g)) {
          expect(op, `${method} ${urlPath}`).toBeDefined();
          const schema = imported.get(local);
          expect(schema, `${method} ${urlPath}: ${local} is not imported from a lib/http/api module`).toBeDefined();
          expect(reader === 'readJson' ? op!.body : op!.query, `${method} ${urlPath}`).toBe(schema);
          checked++;
        }
      }
    }
    // every JSON body and query a route reads directly (POST /api/documents reads its own, in lib/http/read-document-request.ts)
    expect(checked).toBeGreaterThanOrEqual(19);
  });

  it('describes the message body the chat route validates: text of up to 6,000 characters (empty only beside files), model optional', () => {
    const schema = doc.paths['/api/chats/{id}/messages'].post.requestBody!.content['application/json']!.schema as Record<string, any>;
    expect(schema.properties.text).toMatchObject({ type: 'string', maxLength: 6000 });
    expect(schema.properties.text.description).toMatch(/empty .* when `files` holds/);
    expect(schema.required).toEqual(['text']);
  });

  it('lists query parameters, with dates as date-time strings', () => {
    const params = doc.paths['/api/staff/transcripts'].get.parameters as {
      name: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    expect(params.map((p) => p.name)).toEqual(['cursor', 'limit', 'status', 'model', 'user', 'from', 'to']);
    expect(params.find((p) => p.name === 'from')!.schema).toEqual({ type: 'string', format: 'date-time' });
    const chatId = (doc.paths['/api/documents/attachments'].get.parameters as { name: string; required: boolean }[]).find(
      (p) => p.name === 'chatId',
    );
    expect(chatId?.required).toBe(true);
  });

  it('pages every list: `cursor` and `limit` in its query, the next page in a Link header of its 200', () => {
    // lists that are not rows read page by page: the deployment's model catalog, and the few files waiting in one chat
    // for its start_document (the composer, which reads them, keeps at most one upload's worth)
    const unpaged = new Set(['GET /api/models', 'GET /api/documents/attachments']);
    const lists = API_OPERATIONS.filter((op) => {
      const ok = doc.paths[op.path][op.method.toLowerCase()].responses['200'] as {
        content?: Record<string, { schema?: { type?: string } }>;
      };
      return op.method === 'GET' && ok?.content?.['application/json']?.schema?.type === 'array';
    });
    expect(lists.length).toBeGreaterThanOrEqual(12);
    const unpagedLists: string[] = [];
    for (const op of lists) {
      const operation = `${op.method} ${op.path}`;
      if (unpaged.has(operation)) continue;
      if (!op.paged) unpagedLists.push(operation);
      const emitted = doc.paths[op.path].get;
      const names = ((emitted.parameters ?? []) as { name: string; in: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, operation).toEqual(expect.arrayContaining(['cursor', 'limit']));
      expect((emitted.responses['200'] as { headers?: Record<string, unknown> }).headers, operation).toHaveProperty('Link');
    }
    expect(unpagedLists).toEqual([]);
  });

  it('marks a body optional only when the route accepts an empty one', () => {
    expect(doc.paths['/api/documents/{id}/resume'].post.requestBody!.required).toBe(false);
    expect(doc.paths['/api/sections/{id}'].patch.requestBody!.required).toBe(true);
  });

  it("gives every JSON success answer a schema, emitted as that answer's content", () => {
    const missing: string[] = [];
    for (const op of API_OPERATIONS) {
      const operation = `${op.method} ${op.path}`;
      for (const status of Object.keys(op.responses).map(Number)) {
        if (status >= 200 && status < 300 && !op.produces && !op.responseBodies?.[status]) missing.push(`${operation} ${status}`);
      }
      for (const [status, schema] of Object.entries(op.responseBodies ?? {})) {
        expect(op.responses[Number(status)], `${operation}: ${status} has a schema but no description`).toBeDefined();
        expect(Number(status) >= 300 && Number(status) < 500, `${operation}: ${status} is a refusal, answered as {error}`).toBe(false);
        const emitted = doc.paths[op.path][op.method.toLowerCase()].responses[status] as { content: Record<string, { schema?: unknown }> };
        expect(emitted.content['application/json']?.schema, `${operation} ${status}`).toEqual(responseJsonSchema(schema));
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes answers as the client reads them: dates as date-time strings, strict objects', () => {
    const live = doc.paths['/api/documents/{id}/live'].get.responses['200'] as { content: Record<string, { schema: Record<string, any> }> };
    const section = live.content['application/json'].schema.properties.sections.items;
    expect(section.additionalProperties).toBe(false);
    expect(section.properties.savedAt).toEqual({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] });
  });

  it('gives staff routes 401 and 403, and public routes no security', () => {
    const grant = doc.paths['/api/staff/credits'].post;
    expect(Object.keys(grant.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/api/auth/sign-in/email'].post.security).toEqual([]);
  });
});

describe('the routes and their document agree', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let app: App;
  let cookie: string;
  let chatId: string;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ port: 0, tokenDelayMs: 0 });
    const cfg = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-openapi-')),
      AUTH_SECRET: 'a-test-secret-of-enough-length',
      LLM_BASE_URL: simulator.url,
      SIGNUP: 'open',
      // the tour below makes more model calls in a minute than a person would
      RATE_LIMIT_PER_MINUTE: '1000',
    });
    app = await buildApp(cfg, db);
    serveApp(app);
    cookie = cookieOf(await signUp(app, { email: 'reader@example.com' }));
    const created = await createChatRoute(jsonRequest('/api/chats', { cookie, body: {} }), { params: Promise.resolve({}) });
    chatId = ((await created.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await app?.stopBus.close();
    await simulator?.close();
    await db?.dispose();
  });

  const params = (id: string) => ({ params: Promise.resolve({ id }) });

  it('refuses a message one character over the maxLength the document states', async () => {
    const schema = doc.paths['/api/chats/{id}/messages'].post.requestBody!.content['application/json']!.schema as Record<string, any>;
    const tooLong = 'x'.repeat(schema.properties.text.maxLength + 1);
    const response = await postMessage(jsonRequest(`/api/chats/${chatId}/messages`, { cookie, body: { text: tooLong } }), params(chatId));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'validation_failed', message: expect.stringContaining('6000') } });
  });

  it("accepts a chat title at the document's maxLength and refuses one character more", async () => {
    const schema = doc.paths['/api/chats/{id}'].patch.requestBody!.content['application/json']!.schema as Record<string, any>;
    const max = schema.properties.title.maxLength as number;
    const ok = await patchChat(
      jsonRequest(`/api/chats/${chatId}`, { cookie, method: 'PATCH', body: { title: 't'.repeat(max) } }),
      params(chatId),
    );
    expect(ok.status).toBe(200);
    const over = await patchChat(
      jsonRequest(`/api/chats/${chatId}`, { cookie, method: 'PATCH', body: { title: 't'.repeat(max + 1) } }),
      params(chatId),
    );
    expect(over.status).toBe(400);
  });

  it('serves the document as JSON without a session', async () => {
    const response = await openApiRoute(new Request('http://localhost:3000/api/openapi.json'), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const served = (await response.json()) as typeof doc;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths)).toContain('/api/chats/{id}/messages');
  });

  it('answers every JSON operation with a body its schema accepts, strictly (no field left undocumented)', async () => {
    const answers = await tourTheApi(app);
    const unschemed: string[] = [];
    const failures: string[] = [];
    for (const answer of answers) {
      const where = `${answer.method} ${answer.path} ${answer.status}`;
      const schema = API_OPERATIONS.find((op) => op.method === answer.method && op.path === answer.path)?.responseBodies?.[answer.status];
      if (!schema) unschemed.push(where);
      const parsed = schema?.safeParse(answer.body);
      if (parsed && !parsed.success) failures.push(`${where}\n${z.prettifyError(parsed.error)}`);
    }
    expect(failures).toEqual([]);
    expect(unschemed).toEqual([]);
    const answered = new Set(answers.map((answer) => `${answer.method} ${answer.path} ${answer.status}`));
    const unanswered = API_OPERATIONS.flatMap((op) =>
      Object.keys(op.responseBodies ?? {}).map((status) => `${op.method} ${op.path} ${status}`),
    );
    expect(unanswered.filter((operation) => !answered.has(operation))).toEqual([]);
  }, 240_000);
});
