/** Errors in OpenAI's shape, so the AI SDK surfaces them as APICallError. */
export type OpenAIErrorType = 'invalid_request_error' | 'not_found_error' | 'server_error';

export interface OpenAIErrorBody {
  error: { message: string; type: OpenAIErrorType; code: string };
}

export function openAIErrorBody(message: string, type: OpenAIErrorType, code: string): OpenAIErrorBody {
  return { error: { message, type, code } };
}

export function openAIErrorResponse(status: number, message: string, type: OpenAIErrorType, code: string): Response {
  return Response.json(openAIErrorBody(message, type, code), { status });
}
