import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BodyTooLargeError, readCappedBody } from '@/lib/streams/read-capped-body';
import { clampTokenDelay, MAX_SIMULATOR_BODY_BYTES, MAX_SIMULATOR_TEXT_BYTES } from './limits';
import { findSimulatedModel } from './models';
import { openAIErrorResponse } from './openai-errors';
import { planOutput, type OutputPlan } from './output-plan';
import { reasoningFor } from './reasoning';
import { buildReplyContext, composeReply, purposeOf } from './reply-router';
import { chatCompletionRequestSchema, imagesInLastUserMessage, offeredTools, toSimMessages } from './request-schema';
import { sseFrame, timedSseStream, type SseFrame } from './sse-stream';
import { refusesResponseFormat, replyInFormat } from './structured-output';
import { countTokens } from './text-tokens';
import type { SimMessage, SimulatorCloseReason, SimulatorOptions } from './types';
import { chunkWriter, completionBody, newCompletionId, wireUsage, type WireUsage } from './wire-format';

/** What an image part adds to the prompt's usage (a high-detail image of a few tiles). */
const IMAGE_TOKENS = 765;

/** Per-message framing overhead, roughly what chat formats add. */
const TOKENS_PER_MESSAGE = 3;

function countPromptTokens(messages: SimMessage[]): number {
  return messages.reduce(
    (sum, m) => sum + TOKENS_PER_MESSAGE + countTokens(m.text) + m.toolCalls.reduce((s, c) => s + countTokens(c.name + c.arguments), 0),
    0,
  );
}

function defaultTokenDelayMs(): number {
  return Number(process.env.SIMULATOR_TOKEN_DELAY_MS ?? 12);
}

/** How much faster than a chat answer the simulator streams a document job's call. */
export const JOB_CALL_SPEEDUP = 4;

export async function respondToChatCompletion(request: Request, options: SimulatorOptions): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse((await readCappedBody(request, MAX_SIMULATOR_BODY_BYTES)).toString('utf8'));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return openAIErrorResponse(413, error.message, 'invalid_request_error', 'request_too_large');
    return openAIErrorResponse(400, `Request body is not valid JSON: ${(error as Error).message}`, 'invalid_request_error', 'invalid_json');
  }
  const parsed = chatCompletionRequestSchema.safeParse(body);
  if (!parsed.success) {
    return openAIErrorResponse(400, z.prettifyError(parsed.error), 'invalid_request_error', 'invalid_request');
  }
  const req = parsed.data;
  const messages = toSimMessages(req);
  // the body may be large for its images; its text may not
  const textBytes = messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0);
  if (textBytes > MAX_SIMULATOR_TEXT_BYTES)
    return openAIErrorResponse(
      413,
      `The messages' text is ${textBytes} bytes; at most ${MAX_SIMULATOR_TEXT_BYTES} are read.`,
      'invalid_request_error',
      'request_too_large',
    );
  const requestId = randomUUID();
  const turnId = request.headers.get('x-quire-turn-id');
  const purpose = request.headers.get('x-quire-purpose') ?? purposeOf(messages);
  const stream = req.stream === true;
  const observer = options.observer;
  observer?.onRequest?.({
    requestId,
    turnId,
    jobId: request.headers.get('x-quire-job-id'),
    model: req.model,
    stream,
    at: Date.now(),
    purpose,
    responseFormat: req.response_format?.type ?? null,
  });
  const close = (reason: SimulatorCloseReason) => observer?.onClose?.({ requestId, turnId, reason, at: Date.now() });
  const fail = (status: number, message: string, type: 'invalid_request_error' | 'not_found_error' | 'server_error', code: string) => {
    close('error');
    return withRequestId(openAIErrorResponse(status, message, type, code), requestId);
  };

  const model = findSimulatedModel(req.model);
  if (!model) return fail(404, `The model \`${req.model}\` does not exist.`, 'not_found_error', 'model_not_found');
  if (refusesResponseFormat(model, req.response_format)) {
    return fail(
      400,
      `The model \`${model.id}\` does not support response_format json_schema.`,
      'invalid_request_error',
      'unsupported_response_format',
    );
  }
  const images = imagesInLastUserMessage(req);
  // as OpenAI answers an image sent to a text-only model
  if (images.length > 0 && !model.vision) {
    return fail(
      400,
      `Invalid content type. image_url is only supported by certain models (not \`${model.id}\`).`,
      'invalid_request_error',
      'invalid_value',
    );
  }
  const promptTokens = countPromptTokens(messages) + images.length * IMAGE_TOKENS;
  if (promptTokens > model.contextWindow) {
    return fail(
      400,
      `This model's maximum context length is ${model.contextWindow} tokens; the messages have ${promptTokens}.`,
      'invalid_request_error',
      'context_length_exceeded',
    );
  }
  const ceiling = Math.min(req.max_completion_tokens ?? req.max_tokens ?? model.maxOutputTokens, model.maxOutputTokens);
  const context = buildReplyContext(messages, offeredTools(req), model, ceiling);
  const { directives } = context;
  if (directives.error)
    return fail(500, 'The simulated upstream provider failed ([sim:error]).', 'server_error', 'simulated_upstream_error');
  if (directives.errorMidstream && !stream) {
    return fail(500, 'The simulated upstream provider failed ([sim:error-midstream]).', 'server_error', 'simulated_upstream_error');
  }

  const reasoning = model.reasoning ? reasoningFor(context, purpose) : '';
  const reply = replyInFormat(composeReply(context), req.response_format, model);
  // a vision model says what it was shown, so a test can see the image arrived as an image part
  const seen = images.map((image) => `${image.mediaType}, ${image.bytes} bytes`).join('; ');
  const shown = images.length ? { ...reply, text: `I can see ${images.length} image(s): ${seen}.\n\n${reply.text}` } : reply;
  const plan = planOutput(reasoning, shown, ceiling);
  const usage = wireUsage(promptTokens, plan);
  const id = newCompletionId();
  const created = Math.floor(Date.now() / 1000);
  if (!stream) {
    close('completed');
    return withRequestId(Response.json(completionBody(id, model.id, created, plan, usage)), requestId);
  }

  // A document job's calls are read by the pipeline, never watched token by token (the canvas shows a section once
  // written): the demo streams them four times faster than a chat answer. An explicit [sim:delay=…] still wins.
  const paceDelay = options.tokenDelayMs ?? defaultTokenDelayMs();
  const jobPace = request.headers.get('x-quire-job-id') !== null ? paceDelay / JOB_CALL_SPEEDUP : paceDelay;
  const baseDelay = clampTokenDelay((directives.delayMs ?? jobPace) * (directives.slow ? 10 : 1));
  const frames = sseFrames(chunkWriter(id, model.id, created), plan, usage, {
    delayMs: baseDelay,
    includeUsage: req.stream_options?.include_usage === true,
    failMidstream: directives.errorMidstream,
  });
  const sseBody = timedSseStream(frames, {
    signal: request.signal,
    endReason: directives.errorMidstream ? 'error' : 'completed',
    onChunk: () => observer?.onChunk?.({ requestId, turnId, at: Date.now() }),
    onClose: close,
  });
  return new Response(sseBody, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-simulator-request-id': requestId },
  });
}

/** Lets the standalone server pair its socket events with the handler's record. */
function withRequestId(response: Response, requestId: string): Response {
  response.headers.set('x-simulator-request-id', requestId);
  return response;
}

interface FrameOptions {
  delayMs: number;
  includeUsage: boolean;
  failMidstream: boolean;
}

/**
 * The SSE events of one response, in OpenAI's order: role, pieces, finish
 * (empty delta), usage (empty choices, only when asked), `[DONE]`. A
 * mid-stream failure sends part of the pieces, then an error event, and ends
 * without a finish reason or `[DONE]`.
 */
function sseFrames(chunks: ReturnType<typeof chunkWriter>, plan: OutputPlan, usage: WireUsage, options: FrameOptions): SseFrame[] {
  const frames = [sseFrame(chunks.role())];
  const pieces = options.failMidstream ? plan.emissions.slice(0, Math.max(3, Math.ceil(plan.emissions.length * 0.4))) : plan.emissions;
  for (const emission of pieces) frames.push(sseFrame(chunks.emission(emission), options.delayMs));
  if (options.failMidstream) {
    frames.push(sseFrame(chunks.error('The simulated upstream provider failed mid-stream ([sim:error-midstream]).'), options.delayMs));
    return frames;
  }
  frames.push(sseFrame(chunks.finish(plan.finishReason)));
  if (options.includeUsage) frames.push(sseFrame(chunks.usage(usage)));
  frames.push(sseFrame('[DONE]'));
  return frames;
}
