import { getApp } from '@/lib/app';
import { notFound } from '@/lib/errors';
import { errorResponse } from '@/lib/http/error-response';
import { simulatorApiKey } from '@/lib/llm/model-endpoint';
import { handleSimulatorRequest } from '@/lib/llm/simulator/handler';

// The offline simulator is served only when it is the configured model, and only
// to this deployment's own calls: they bear the key derived from the auth secret.
async function handle(request: Request): Promise<Response> {
  const app = await getApp();
  if (app.config.llm.baseUrl) return errorResponse(notFound('The simulator is off: a real model endpoint is configured.'));
  return handleSimulatorRequest(request, { tokenDelayMs: app.config.simulatorTokenDelayMs, apiKey: simulatorApiKey(app.config) });
}

export const GET = handle;
export const POST = handle;
export const dynamic = 'force-dynamic';
