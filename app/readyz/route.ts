import { getApp } from '@/lib/app';
import { checkReadiness } from '@/lib/ops/readiness';

/** Readiness for load balancers: 200 when the database and the model endpoint answer, else 503 naming the part that failed. */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const app = await getApp();
  const readiness = await checkReadiness({ db: app.db, modelBaseUrl: app.config.llm.baseUrl, modelApiKey: app.config.llm.apiKey });
  return Response.json(
    { status: readiness.ready ? 'ready' : 'not_ready', ...readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
