import { z } from 'zod';
import { defineOperations } from '@/lib/http/openapi/api-operation';
import type { Readiness } from '@/lib/ops/readiness';
import type { AllTrue, DescribesJsonOf } from './json-shape';

export const healthResponse = z.strictObject({ status: z.literal('ok'), uptimeSeconds: z.number().int() });

const check = z.strictObject({
  ok: z.boolean(),
  detail: z.string().meta({ description: 'What was checked, or why it failed.' }),
});

export const readinessResponse = z.strictObject({ status: z.enum(['ready', 'not_ready']), database: check, model: check });

/** The document's outline only: its paths and components are this very description, checked by tests/http/openapi.test.ts. */
export const openApiResponse = z.strictObject({
  openapi: z.literal('3.1.0'),
  info: z.strictObject({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.strictObject({ url: z.string(), description: z.string() })),
  tags: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
  components: z.looseObject({}),
});

export type OpsResponseChecks = AllTrue<
  [DescribesJsonOf<typeof readinessResponse, { status: 'ready' | 'not_ready' } & Readiness['checks']>]
>;

/** Health, readiness, metrics and this API's own description, for operators and tools. */
export const opsOperations = defineOperations([
  {
    method: 'GET',
    path: '/healthz',
    tag: 'Operations',
    auth: 'none',
    summary: 'Liveness: the process is up and serving.',
    responses: { 200: '`{status: "ok", uptimeSeconds}`.' },
    responseBodies: { 200: healthResponse },
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'Operations',
    auth: 'none',
    summary: 'Readiness: the database and the model endpoint answer.',
    responses: { 200: '`{status: "ready", …checks}`.', 503: '`{status: "not_ready", …checks}` naming the part that failed.' },
    responseBodies: { 200: readinessResponse, 503: readinessResponse },
  },
  {
    method: 'GET',
    path: '/metrics',
    tag: 'Operations',
    auth: 'staff',
    summary: 'Prometheus metrics (METRICS_PORT also serves them, unauthenticated, on 127.0.0.1).',
    produces: 'text/plain',
    responses: { 200: 'The metrics in Prometheus text format.' },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Operations',
    auth: 'none',
    summary: 'This API as OpenAPI 3.1.',
    responses: { 200: 'The OpenAPI document.' },
    responseBodies: { 200: openApiResponse },
  },
]);
