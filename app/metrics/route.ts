import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { route } from '@/lib/http/handler';
import { renderMetrics } from '@/lib/ops/render-metrics';

/** Prometheus metrics on the main port, for staff; METRICS_PORT serves them unauthenticated on 127.0.0.1. */
export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  const { body, contentType } = await renderMetrics(app.db);
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});
