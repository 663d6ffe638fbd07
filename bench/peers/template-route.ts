/**
 * The common template's chat route, the AI SDK peer of the streaming
 * benchmark: `streamText(...).toUIMessageStreamResponse()` on the same upstream,
 * no billing, no database. A plain Node server hands the route's Web Response to
 * the socket the way Next's adapter does (read the body, write each chunk), so
 * the comparison is of the route's own work. It is a benchmark peer, never part
 * of Quire. `tsx bench/peers/template-route.ts --port <n> --upstream <url>`.
 */
import { createServer } from 'node:http';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { convertToModelMessages, streamText, type UIMessage } from 'ai';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1]!;
const provider = createOpenAICompatible({ name: 'template', baseURL: arg('--upstream'), includeUsage: true });

async function POST(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({
    model: provider.chatModel('bench'),
    messages: await convertToModelMessages(messages),
    abortSignal: request.signal,
  });
  return result.toUIMessageStreamResponse();
}

const server = createServer(async (req, res) => {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let body = '';
  for await (const piece of req) body += piece;
  const response = await POST(
    new Request(`http://localhost${req.url}`, {
      method: 'POST',
      body,
      signal: abort.signal,
      headers: { 'content-type': 'application/json' },
    }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    res.destroy(); // the client went away mid-answer: the abort above already closed the upstream request
  }
});
server.listen(Number(arg('--port')), '127.0.0.1', () => console.log(`template at http://127.0.0.1:${arg('--port')}`));
