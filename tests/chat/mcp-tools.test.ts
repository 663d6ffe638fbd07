import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelProvider } from '@/lib/llm/provider';
import { createMcpToolbox, type McpToolbox } from '@/lib/mcp/mcp-toolbox';
import type { McpServerConfig } from '@/lib/mcp/servers-config';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { type ScriptedReply, startScriptedUpstream, type ScriptedUpstream } from '@/tests/support/scripted-upstream';

// The reference MCP server from npm (@modelcontextprotocol/server-everything), started by the toolbox as the
// operator's MCP_SERVERS would start it, and two servers that hang (tests/support/hanging-mcp-server.mjs).
const EVERYTHING = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const HANGING = path.resolve('tests/support/hanging-mcp-server.mjs');

const SERVERS: McpServerConfig[] = [
  // get-env (the server's environment) is one of its tools, and not on the allow list
  { id: 'everything', command: process.execPath, args: [EVERYTHING, 'stdio'], tools: ['echo', 'get-sum'] },
  { id: 'stuck', command: process.execPath, args: [HANGING, 'call'], tools: ['wait'], timeoutMs: 1_500 },
  { id: 'silent', command: process.execPath, args: [HANGING, 'start'], tools: ['wait'] },
];

type SentTool = { function?: { name: string }; name?: string };
const toolNames = (request: unknown) =>
  ((request as { tools?: SentTool[] }).tools ?? []).map((t) => t.function?.name ?? t.name ?? '').sort();
const toolMessages = (request: { messages: Array<{ role: string; content: unknown }> }) =>
  request.messages.filter((m) => m.role === 'tool').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

describe('tools from MCP servers in the chat', () => {
  let h: ChatHarness;
  let upstream: ScriptedUpstream;
  let toolbox: McpToolbox;
  const replies: ScriptedReply[] = [];

  beforeAll(async () => {
    h = await openChatHarness('pglite');
    upstream = await startScriptedUpstream((_request, index) => replies[index] ?? { text: ['(unexpected call)'] });
    h.deps.provider = createModelProvider({ baseUrl: upstream.url });
    toolbox = createMcpToolbox(SERVERS, { connectTimeoutMs: 8_000, maxResultChars: 300 });
    h.deps.extraTools = [() => toolbox.tools()];
  }, 60_000);
  afterAll(async () => {
    await toolbox?.close();
    await upstream?.close();
    await h?.close();
  });

  it('offers the allowed tools of the servers that answer, and nothing of a server that never starts', async () => {
    const { user, chatId } = await newUserChat(h);
    replies.push({ text: ['Hello.'] });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Hi' });
    expect(run.outcome.status, run.outcome.reason).toBe('complete');
    const offered = toolNames(upstream.requests.at(-1));
    expect(offered).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'stuck__wait']));
    expect(offered.filter((name) => name.includes('__'))).toHaveLength(3);
    expect(offered.join(' ')).not.toMatch(/get-env|silent__/);
  }, 30_000);

  it('runs a call the model asks for: the answer shows its name, arguments, result and time, and keeps them', async () => {
    const { user, chatId } = await newUserChat(h);
    const first = upstream.requests.length;
    replies.push(
      { toolCalls: [{ name: 'everything__echo', arguments: JSON.stringify({ message: 'hello from the chat' }) }] },
      { text: ['The server said hello back.'] },
    );
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Ask the echo tool to say hello' });
    expect(run.outcome.status, run.outcome.reason).toBe('complete');
    expect(run.outcome.text).toBe('The server said hello back.');
    // exactly one streamed call per round: the call, then the answer
    expect(upstream.requests.length - first).toBe(2);
    expect(toolMessages(upstream.requests.at(-1)!)).toEqual(['Echo: hello from the chat']);

    const shown = run.events.filter((e) => e.name === 'tool').map((e) => e.data);
    expect(shown).toEqual([
      {
        name: 'everything__echo',
        input: { message: 'hello from the chat' },
        result: 'Echo: hello from the chat',
        failed: false,
        ms: expect.any(Number),
      },
    ]);
    const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect((saved.meta as { tools: unknown[] }).tools).toEqual(shown);
  }, 30_000);

  it('cuts a long result to its limit and tells the model so', async () => {
    const { user, chatId } = await newUserChat(h);
    replies.push(
      { toolCalls: [{ name: 'everything__echo', arguments: JSON.stringify({ message: 'x'.repeat(1_000) }) }] },
      { text: ['Done.'] },
    );
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Echo a long line' });
    expect(run.outcome.status).toBe('complete');
    const [result] = toolMessages(upstream.requests.at(-1)!);
    expect(result).toMatch(/^Echo: x+\n\[Cut: the tool returned 1006 characters; the first 300 are shown\.\]$/);
    expect(result!.length).toBeLessThan(400);
  }, 30_000);

  it('a server that never answers a call times out; the model is told, and the turn still answers', async () => {
    const { user, chatId } = await newUserChat(h);
    replies.push(
      { toolCalls: [{ name: 'stuck__wait', arguments: JSON.stringify({ what: 'Godot' }) }] },
      { text: ['The tool did not answer, so here is what I know.'] },
    );
    const started = Date.now();
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Wait for Godot' });
    expect(run.outcome.status, run.outcome.reason).toBe('complete');
    expect(run.outcome.text).toBe('The tool did not answer, so here is what I know.');
    expect(Date.now() - started).toBeLessThan(15_000);
    const [told] = toolMessages(upstream.requests.at(-1)!);
    expect(told).toContain('did not answer within 1.5 s');
    expect(run.events.find((e) => e.name === 'tool')?.data).toMatchObject({
      name: 'stuck__wait',
      failed: true,
      result: expect.stringContaining('did not answer within 1.5 s'),
    });
  }, 30_000);

  it('after close, no tools are offered', async () => {
    const closed = createMcpToolbox(SERVERS.slice(0, 1));
    expect(Object.keys(await closed.tools())).toEqual(['everything__echo', 'everything__get-sum']);
    await closed.close();
    expect(await closed.tools()).toEqual({});
  }, 30_000);
});

describe('an MCP server over streamable HTTP', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    server = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // it says so on stderr once it listens
    await new Promise<void>((resolve, reject) => {
      server.stderr!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
      server.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
    });
    url = `http://127.0.0.1:${port}/mcp`;
  }, 30_000);
  afterAll(() => {
    server?.kill();
  });

  it('lists only the allowed tools and runs one', async () => {
    const toolbox = createMcpToolbox([{ id: 'remote', url, tools: ['get-sum'] }]);
    try {
      const tools = await toolbox.tools();
      expect(Object.keys(tools)).toEqual(['remote__get-sum']);
      const sum = await tools['remote__get-sum']!.execute!({ a: 2, b: 3 }, { toolCallId: 't', messages: [] });
      expect(sum).toMatch(/\b5\b/);
    } finally {
      await toolbox.close();
    }
  }, 30_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
