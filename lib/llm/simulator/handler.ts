import { timingSafeEqual } from 'node:crypto';
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
  if (options.apiKey !== undefined && !bearsKey(request, options.apiKey)) {
    return openAIErrorResponse(
      401,
      'This simulator answers only the Quire server that runs it.',
      'invalid_request_error',
      'invalid_api_key',
    );
  }
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

function bearsKey(request: Request, apiKey: string): boolean {
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${apiKey}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function methodNotAllowed(method: string, path: string): Response {
  return openAIErrorResponse(405, `${method} is not supported on ${path}`, 'invalid_request_error', 'method_not_allowed');
}
