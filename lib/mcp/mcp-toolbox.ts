import { createMCPClient, type CallToolResult, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type { ToolSet } from 'ai';
import { errorText, logError, logEvent } from '@/lib/log';
import { mcpToolName, type McpServerConfig } from './servers-config';

export interface McpToolboxOptions {
  /** starting a server and listing its tools; a server slower than this is left out of the turn */
  connectTimeoutMs?: number;
  /** one tool call, unless the server's own `timeoutMs` says otherwise */
  callTimeoutMs?: number;
  /** the most characters of one result the model reads; the rest is cut with a note */
  maxResultChars?: number;
  /** after a server failed, turns go without it this long before one tries it again (doubling while it keeps failing) */
  retryAfterMs?: number;
  now?: () => number;
}

/** The MCP servers of a process: connected on the first turn that needs them, reused, closed at shutdown. */
export interface McpToolbox {
  /** the allowed tools of every server that answers; a failing server is left out, never a failed turn */
  tools(): Promise<ToolSet>;
  close(): Promise<void>;
}

export const MCP_DEFAULTS = { connectTimeoutMs: 10_000, callTimeoutMs: 30_000, maxResultChars: 8_000, retryAfterMs: 30_000 };

interface Connection {
  client: MCPClient;
  tools: ToolSet;
}

interface ServerState {
  connection: Promise<Connection> | null;
  failedAt: number | null;
  /** failures since it last connected: a server that stays down is tried less and less often, so it rarely delays a turn */
  failures: number;
}

/** The longest a failing server is left alone between tries. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

type ContentResult = Extract<CallToolResult, { content: unknown[]; isError?: unknown }>;

/** A server's own account of a failed call (`isError`): the connection is fine, the model reads why. */
class ToolReportedError extends Error {}

export function createMcpToolbox(servers: readonly McpServerConfig[], options: McpToolboxOptions = {}): McpToolbox {
  const o = { ...MCP_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const states = new Map<string, ServerState>(servers.map((s) => [s.id, { connection: null, failedAt: null, failures: 0 }]));
  let closed = false;

  /** Drops a connection that failed (a dead process, a call that never came back): the next turn connects afresh. */
  const forget = (server: McpServerConfig, connection: Promise<Connection>) => {
    const state = states.get(server.id)!;
    if (state.connection !== connection) return;
    state.connection = null;
    state.failedAt = now();
    state.failures++;
    void connection.then((c) => c.client.close()).catch(() => undefined);
  };

  const wrap = (server: McpServerConfig, connection: Promise<Connection>, listed: ToolSet): ToolSet => {
    const timeoutMs = server.timeoutMs ?? o.callTimeoutMs;
    const tools: ToolSet = {};
    for (const [name, mcpTool] of Object.entries(listed)) {
      const execute = mcpTool.execute!;
      tools[mcpToolName(server, name)] = {
        ...mcpTool,
        // the SDK would hand the model MCP's content array as is; the turn gives it bounded text (resultText)
        toModelOutput: undefined,
        execute: async (input: unknown, callOptions: Parameters<typeof execute>[1]) => {
          const timeout = new AbortController();
          const timer = setTimeout(() => timeout.abort(), timeoutMs);
          const signal = callOptions.abortSignal ? AbortSignal.any([callOptions.abortSignal, timeout.signal]) : timeout.signal;
          try {
            const result = (await untilAborted(execute(input, { ...callOptions, abortSignal: signal }), signal)) as CallToolResult;
            return resultText(result, o.maxResultChars);
          } catch (error) {
            if (error instanceof ToolReportedError || callOptions.abortSignal?.aborted) throw error;
            // a server that hangs or lost its connection: closed, left out for a while, then started afresh (serverTools)
            forget(server, connection);
            if (timeout.signal.aborted) throw new Error(`The server "${server.id}" did not answer within ${timeoutMs / 1000} s.`);
            throw error;
          } finally {
            clearTimeout(timer);
          }
        },
      } as ToolSet[string];
    }
    return tools;
  };

  const connect = async (server: McpServerConfig): Promise<Connection> => {
    const started = now();
    const client = await createMCPClient({
      transport:
        'command' in server
          ? new Experimental_StdioMCPTransport({ command: server.command, args: server.args, env: server.env, cwd: server.cwd })
          : { type: 'http', url: server.url, headers: server.headers },
      clientName: 'quire',
      initializationOptions: { timeout: o.connectTimeoutMs },
      // what the client could not use (a server's own requests, a refused event stream) is no failed call: noted, not an error
      onUncaughtError: (error) =>
        logEvent({ event: 'mcp_client_notice', server: server.id, message: error instanceof Error ? error.message : errorText(error) }),
    });
    try {
      const listed = await client.listTools({ options: { timeout: Math.max(1, o.connectTimeoutMs - (now() - started)) } });
      const allowed = new Set(server.tools);
      const definitions = { ...listed, tools: listed.tools.filter((t) => allowed.has(t.name)) };
      const missing = server.tools.filter((name) => !listed.tools.some((t) => t.name === name));
      logEvent({ event: 'mcp_connected', server: server.id, tools: definitions.tools.map((t) => t.name), missing, ms: now() - started });
      return { client, tools: client.toolsFromDefinitions(definitions) as ToolSet };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  };

  const serverTools = async (server: McpServerConfig): Promise<ToolSet> => {
    const state = states.get(server.id)!;
    if (!state.connection) {
      const wait = Math.min(o.retryAfterMs * 2 ** Math.max(0, state.failures - 1), MAX_RETRY_AFTER_MS);
      if (state.failedAt !== null && now() - state.failedAt < wait) return {};
      const connecting = connect(server);
      state.connection = withTimeout(
        connecting,
        o.connectTimeoutMs,
        `The server "${server.id}" did not start within ${o.connectTimeoutMs / 1000} s.`,
      );
      // given up on, it may still connect later: its process must not outlive the wait
      state.connection.catch(() => connecting.then((c) => c.client.close()).catch(() => undefined));
      state.failedAt = null;
    }
    const connection = state.connection;
    try {
      const { tools } = await connection;
      state.failures = 0;
      return wrap(server, connection, tools);
    } catch (error) {
      logError({ event: 'mcp_connect_failed', server: server.id, error });
      forget(server, connection);
      return {};
    }
  };

  return {
    async tools() {
      if (closed || servers.length === 0) return {};
      const sets = await Promise.all(servers.map(serverTools));
      return Object.assign({}, ...sets);
    },
    async close() {
      closed = true;
      const open = [...states.values()].flatMap((s) => (s.connection ? [s.connection] : []));
      for (const state of states.values()) state.connection = null;
      await Promise.all(open.map((c) => c.then((x) => x.client.close()).catch(() => undefined)));
    },
  };
}

/**
 * What the model reads of a call: the text of MCP's content parts (other parts named, not inlined),
 * cut at `maxChars` with a note saying so. A result the server marks `isError` is a failed call.
 */
export function resultText(result: CallToolResult, maxChars: number): string {
  // the 2024-10-07 protocol's form: one value, no parts
  if (!Array.isArray(result.content)) return cut(JSON.stringify(result.toolResult ?? null), maxChars);
  const parts = (result as ContentResult).content.map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'resource':
        return 'text' in part.resource && typeof part.resource.text === 'string' ? part.resource.text : `[resource ${part.resource.uri}]`;
      case 'resource_link':
        return `[resource ${part.uri}]`;
      default:
        return `[${part.type} ${'mimeType' in part ? String(part.mimeType) : ''} not shown]`;
    }
  });
  let text = parts.join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (result.isError) throw new ToolReportedError(cut(text || 'The tool reported an error.', maxChars));
  return cut(text, maxChars);
}

function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[Cut: the tool returned ${text.length} characters; the first ${maxChars} are shown.]`;
}

/** The call's promise, or the signal's abort: a server that never answers cannot hold the turn even if the client waits. */
function untilAborted<T>(promise: PromiseLike<T> | T, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error(message)), ms);
  return untilAborted(promise, timeout.signal).finally(() => clearTimeout(timer));
}
