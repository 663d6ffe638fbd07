import { staffRoute } from '@/lib/http/session-route';
import { renderMetrics } from '@/lib/ops/render-metrics';

/** Prometheus metrics on the main port, for staff; METRICS_PORT serves them unauthenticated on 127.0.0.1. */
export const dynamic = 'force-dynamic';

export const GET = staffRoute(async ({ app }) => {
  const { body, contentType } = await renderMetrics(app.db);
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});
