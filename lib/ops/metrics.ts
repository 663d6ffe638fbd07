import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics. One set per process, kept on globalThis:
 * Next bundles route handlers (where turns run) apart from the server script
 * (where the document worker runs), and both must count into the same registry.
 * Recording is a counter or gauge update (no I/O); the job queue depth is read
 * from the database only when the metrics are scraped.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  return {
    registry,
    turns: new Counter({
      name: 'quire_turns_total',
      help: 'Chat turns ended, by the answer status.',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    modelCallSeconds: new Histogram({
      name: 'quire_model_call_duration_seconds',
      help: 'Duration of one streamed upstream model call (chat rounds and document steps), by outcome.',
      labelNames: ['outcome'] as const,
      buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160],
      registers: [registry],
    }),
    tokens: new Counter({
      name: 'quire_model_tokens_total',
      help: 'Tokens the model endpoint reported, by direction (input or output, reasoning included).',
      labelNames: ['direction'] as const,
      registers: [registry],
    }),
    activeStreams: new Gauge({ name: 'quire_active_streams', help: 'Chat answers this process is streaming now.', registers: [registry] }),
    jobQueueDepth: new Gauge({
      name: 'quire_document_jobs_waiting',
      help: 'Document jobs ready to run and not held by a worker.',
      registers: [registry],
    }),
    errors: new Counter({
      name: 'quire_errors_total',
      help: 'Failures, by where they happened (turn, route, job_step, stop_bus).',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
export type ErrorKind = 'turn' | 'route' | 'job_step' | 'stop_bus' | 'session_bus';

const key = Symbol.for('quire.metrics');
type GlobalWithMetrics = typeof globalThis & { [key]?: Metrics };

export function metrics(): Metrics {
  const g = globalThis as GlobalWithMetrics;
  g[key] ??= createMetrics();
  return g[key];
}

export function countError(kind: ErrorKind): void {
  metrics().errors.inc({ kind });
}
