import { describe, expect, it } from 'vitest';
import { handleSimulatorRequest } from './handler';
import type { SimulatorCloseInfo } from './types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The framework-free handler (as mounted in a Next.js route) must stop on its own when the client leaves. */
function startSlowStream(signal?: AbortSignal) {
  const closes: SimulatorCloseInfo[] = [];
  let chunks = 0;
  const request = new Request('http://sim.test/api/simulator/v1/chat/completions', {
    method: 'POST',
    body: JSON.stringify({ model: 'sim-swift', stream: true, messages: [{ role: 'user', content: 'list 300 owls' }] }),
    signal,
  });
  const response = handleSimulatorRequest(request, {
    tokenDelayMs: 10,
    observer: {
      onClose: (info) => void closes.push(info),
      onChunk: () => {
        chunks += 1;
      },
    },
  });
  return { response, closes, chunkCount: () => chunks };
}

describe('client disconnect in the generic handler', () => {
  it('stops the generator when the body stream is cancelled', async () => {
    const { response, closes, chunkCount } = startSlowStream();
    const reader = (await response).body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(closes.map((c) => c.reason)).toEqual(['client_closed']);
    const after = chunkCount();
    await sleep(100);
    expect(chunkCount()).toBe(after);
  });

  it('stops the generator when the request signal aborts', async () => {
    const abort = new AbortController();
    const { response, closes, chunkCount } = startSlowStream(abort.signal);
    const reader = (await response).body!.getReader();
    await reader.read();
    abort.abort();
    expect(closes.map((c) => c.reason)).toEqual(['client_closed']);
    const after = chunkCount();
    await sleep(100);
    expect(chunkCount()).toBe(after);
    // The stream ends cleanly for whoever still holds it.
    let done = false;
    while (!done) done = (await reader.read()).done;
  });

  it('reports completed once, after [DONE]', async () => {
    const closes: SimulatorCloseInfo[] = [];
    const request = new Request('http://sim.test/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({ model: 'sim-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await (
      await handleSimulatorRequest(request, { tokenDelayMs: 0, observer: { onClose: (i) => void closes.push(i) } })
    ).text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(closes.map((c) => c.reason)).toEqual(['completed']);
  });
});
