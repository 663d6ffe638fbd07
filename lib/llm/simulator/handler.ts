import { respondToChatCompletion } from './chat-completions';
import { SIMULATED_MODELS } from './models';
import { openAIErrorResponse } from './openai-errors';
import type { SimulatorOptions } from './types';

/**
 * The simulator's HTTP surface, framework-free: a Next.js route handler and
 * the standalone node server both pass their requests here. Routing is by
 * path suffix, so it serves under `/api/simulator/v1` and `/v1` alike.
 */
export async function handleSimulatorRequest(request: Request, options: SimulatorOptions = {}): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  if (path.endsWith('/chat/completions')) {
    if (request.method !== 'POST') return methodNotAllowed(request.method, path);
    return respondToChatCompletion(request, options);
  }
  if (path.endsWith('/models')) {
    if (request.method !== 'GET') return methodNotAllowed(request.method, path);
    return Response.json({
      object: 'list',
      data: SIMULATED_MODELS.map((model) => ({ object: 'model', created: 0, owned_by: 'quire-simulator', simulated: true, ...model })),
    });
  }
  return openAIErrorResponse(404, `Unknown simulator route: ${path}`, 'not_found_error', 'unknown_route');
}

function methodNotAllowed(method: string, path: string): Response {
  return openAIErrorResponse(405, `${method} is not supported on ${path}`, 'invalid_request_error', 'method_not_allowed');
}
