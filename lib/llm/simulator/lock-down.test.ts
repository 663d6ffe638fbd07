import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleSimulatorRequest } from './handler';
import { MAX_SIMULATOR_BODY_BYTES, MAX_SIMULATOR_TEXT_BYTES, MAX_TOKEN_DELAY_MS } from './limits';
import { postChat } from '@/tests/support/sse-test-client';

const KEY = 'this-deployments-simulator-key';
const hello = { model: 'sim-swift', stream: true, messages: [{ role: 'user', content: 'hello' }] };

function call(headers: Record<string, string>, body: BodyInit = JSON.stringify(hello)) {
  const request = new Request('http://sim.test/api/simulator/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return handleSimulatorRequest(request, { tokenDelayMs: 0, apiKey: KEY });
}

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
function chunkedBody(totalBytes: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      controller.enqueue(piece);
      sent += piece.byteLength;
    },
  });
}

describe('the mounted simulator answers only its own server', () => {
  it('refuses a call without the key, or with another key, with 401', async () => {
    expect((await call({})).status).toBe(401);
    expect((await call({ authorization: 'Bearer guessed' })).status).toBe(401);
    const ok = await call({ authorization: `Bearer ${KEY}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('[DONE]');
  });

  it('refuses a body over 32 MB (a message’s images in base64 fit) with 413, chunked or declared', async () => {
    const chunked = await call({ authorization: `Bearer ${KEY}` }, chunkedBody(MAX_SIMULATOR_BODY_BYTES + 128 * 1024));
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error.message).toMatch(/32 MB/);
    const declared = await call(
      { authorization: `Bearer ${KEY}`, 'content-length': String(MAX_SIMULATOR_BODY_BYTES + 1) },
      'x'.repeat(MAX_SIMULATOR_BODY_BYTES + 1),
    );
    expect(declared.status).toBe(413);
  });

  it('refuses more than 1 MB of text with 413, though the body may be larger for images', async () => {
    const text = await call(
      { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      JSON.stringify({ model: 'sim-swift', stream: true, messages: [{ role: 'user', content: 'x'.repeat(MAX_SIMULATOR_TEXT_BYTES + 1) }] }),
    );
    expect(text.status).toBe(413);
    expect((await text.json()).error.code).toBe('request_too_large');
  });
});

describe('every delay is clamped', () => {
  afterEach(() => vi.useRealTimers());

  async function piecesAfter(content: string, tokenDelayMs: number, waitedMs: number): Promise<number> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let pieces = 0;
    const response = await postChat(
      { messages: [{ role: 'user', content }] },
      { tokenDelayMs, observer: { onChunk: () => (pieces += 1) } },
    );
    expect(response.status).toBe(200);
    expect(pieces).toBe(1); // the role chunk goes out at once
    vi.advanceTimersByTime(waitedMs);
    return pieces;
  }

  it('[sim:delay=999999999] waits at most the maximum before the next piece', async () => {
    expect(await piecesAfter('[sim:delay=999999999] hello', 0, MAX_TOKEN_DELAY_MS)).toBe(2);
  });

  it('[sim:slow] on a long configured delay waits at most the maximum', async () => {
    expect(await piecesAfter('[sim:slow] hello', 5_000, MAX_TOKEN_DELAY_MS)).toBe(2);
  });
});
