// Reads an AI SDK UI message stream (SSE) as it arrives, keeping exactly the text
// the browser would have shown. No path aliases: Playwright specs import it too.

export interface UiStreamState {
  /** the concatenated text deltas received so far */
  text: string;
  chunks: Array<{ type: string; [key: string]: unknown }>;
  ended: boolean;
}

export function readUiStream(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state: UiStreamState = { text: '', chunks: [], ended: false };
  let buffer = '';

  async function pump(): Promise<boolean> {
    const { done, value } = await reader.read();
    if (done) {
      state.ended = true;
      return false;
    }
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      if (event === '[DONE]') continue;
      const chunk = JSON.parse(event) as UiStreamState['chunks'][number];
      state.chunks.push(chunk);
      if (chunk.type === 'text-delta') state.text += String(chunk.delta);
    }
    return true;
  }

  return {
    state,
    async readUntil(done: (s: UiStreamState) => boolean): Promise<void> {
      while (!done(state)) if (!(await pump())) return;
    },
    async readToEnd(): Promise<void> {
      while (await pump());
    },
    /** the final `data-turn` part: how the server says the turn ended */
    turnOutcome(): { status: string; reason: string | null } | undefined {
      const part = state.chunks.find((c) => c.type === 'data-turn');
      return part?.data as { status: string; reason: string | null } | undefined;
    },
  };
}
