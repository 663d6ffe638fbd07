import { getApp } from '@/lib/app';
import { notFound, errorResponse } from '@/lib/http/errors';
import { handleSimulatorRequest } from '@/lib/llm/simulator/handler';

// The offline simulator is served only when no real model endpoint is configured.
async function handle(request: Request): Promise<Response> {
  const app = await getApp();
  if (app.config.llm.baseUrl) return errorResponse(notFound('The simulator is off: a real model endpoint is configured.'));
  return handleSimulatorRequest(request, { tokenDelayMs: app.config.simulatorTokenDelayMs });
}

export const GET = handle;
export const POST = handle;
export const dynamic = 'force-dynamic';
