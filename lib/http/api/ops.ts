import { defineOperations } from '@/lib/http/openapi/api-operation';

/** Health, readiness, metrics and this API's own description, for operators and tools. */
export const opsOperations = defineOperations([
  {
    method: 'GET',
    path: '/healthz',
    tag: 'Operations',
    auth: 'none',
    summary: 'Liveness: the process is up and serving.',
    responses: { 200: '`{status: "ok", uptimeSeconds}`.' },
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'Operations',
    auth: 'none',
    summary: 'Readiness: the database and the model endpoint answer.',
    responses: { 200: '`{status: "ready", …checks}`.', 503: '`{status: "not_ready", …checks}` naming the part that failed.' },
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
  },
]);
