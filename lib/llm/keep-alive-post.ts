import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { APICallError } from '@ai-sdk/provider';
import { readStreamCapped } from '@/lib/streams/read-capped-body';
import { getRuntimeEnvironmentUserAgent, type ResponseHandler, VERSION, withUserAgentSuffix } from '@ai-sdk/provider-utils';

/** Connections to the model endpoint stay open between calls, as fetch's did. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** No byte for this long, waiting for the answer's head or inside its body: the call failed (fetch's default). */
const IDLE_TIMEOUT_MS = 300_000;

/** An error body is read for the person's message and the log, up to this much. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface JsonPost {
  url: string;
  headers: Record<string, string | undefined>;
  /** the request body's values; sent as JSON */
  body: Record<string, unknown>;
  abortSignal?: AbortSignal;
  /** turns an error response into the provider's API error (the SDK's own handler) */
  failedResponseHandler: ResponseHandler<APICallError>;
}

export interface StreamingResponse {
  headers: Record<string, string>;
  /** the body as it arrives: read it with 'data' events, destroy it to close the connection */
  body: IncomingMessage;
}

/**
 * POSTs JSON to the model endpoint with Node's own HTTP client and resolves
 * once a successful answer's head has arrived, with its body as a Node stream.
 * A streamed answer is thousands of small reads: through `fetch`, each one went
 * through web streams, an async iterator and several promises (each paying for
 * Next.js's async-context hooks) before Quire saw a byte; a 'data' event costs
 * none of that. Errors are the SDK's, as `postJsonToApi` throws them: an error
 * status → the provider's API error (through the SDK's handler), no connection
 * → "Cannot connect to API: …" (retryable), an abort → the abort error.
 */
export function postJsonStreaming(post: JsonPost): Promise<StreamingResponse> {
  const content = JSON.stringify(post.body);
  const url = new URL(post.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(
    withUserAgentSuffix(
      { ...post.headers, 'content-type': 'application/json' },
      `ai-sdk/provider-utils/${VERSION}`,
      getRuntimeEnvironmentUserAgent(),
    ),
  ))
    if (value !== undefined) headers[name] = value;
  headers['content-length'] = String(Buffer.byteLength(content));

  return new Promise<StreamingResponse>((resolve, reject) => {
    const signal = post.abortSignal;
    if (signal?.aborted) return reject(abortError(signal));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'POST', headers, agent: agents[url.protocol as 'http:' | 'https:'], signal });
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`no answer for ${IDLE_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => {
      if (signal?.aborted) reject(abortError(signal));
      else
        reject(
          new APICallError({
            message: `Cannot connect to API: ${error.message}`,
            cause: error,
            url: post.url,
            requestBodyValues: post.body,
            isRetryable: true,
          }),
        );
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const responseHeaders = headersOf(response);
      if (status >= 200 && status < 300) return resolve({ headers: responseHeaders, body: response });
      readStreamCapped(response, MAX_ERROR_BODY_BYTES).then(
        ({ bytes }) =>
          failed(
            post,
            new Response(bytes.subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8'), {
              status,
              statusText: response.statusMessage,
              headers: responseHeaders,
            }),
            responseHeaders,
          ).then(reject, reject),
        (error: unknown) => reject(signal?.aborted ? abortError(signal) : error),
      );
    });
    request.end(content);
  });
}

/** The SDK's error for an error status, as postJsonToApi builds it. */
async function failed(post: JsonPost, response: Response, responseHeaders: Record<string, string>): Promise<APICallError> {
  try {
    return (await post.failedResponseHandler({ response, url: post.url, requestBodyValues: post.body })).value;
  } catch (error) {
    if (APICallError.isInstance(error)) return error;
    return new APICallError({
      message: 'Failed to process error response',
      cause: error,
      statusCode: response.status,
      url: post.url,
      responseHeaders,
      requestBodyValues: post.body,
    });
  }
}

function headersOf(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** What fetch throws when its signal aborts: the signal's reason. */
function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
