import { z } from 'zod';

/**
 * MCP_SERVERS (docs/operating.md, "Tools from MCP servers"): the MCP servers whose tools the chat offers.
 * A JSON array; each server is started as a command (stdio) or reached at a URL (streamable HTTP), and
 * offers only the tools its allow list names: a server's other tools (a `write_file` next to the
 * `read_file` you wanted) never reach a model.
 */
const serverId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,19}$/, 'an id is 1–20 lowercase letters, digits or dashes (it prefixes the tool names the model sees)');

const toolName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a tool name is 1–40 letters, digits, dashes or underscores');

const common = {
  id: serverId,
  /** the only tools of this server the chat offers */
  tools: z.array(toolName).min(1, 'list the tools to offer: an empty allow list offers nothing'),
  /** how long one call may take before the model is told it failed */
  timeoutMs: z.number().int().positive().max(300_000).optional(),
};

const stdioServer = z
  .object({
    ...common,
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().min(1).optional(),
  })
  .strict();

const httpServer = z
  .object({
    ...common,
    url: z
      .string()
      .url()
      .regex(/^https?:\/\//, 'url must start with http:// or https://'),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const serverEntry = z.union([stdioServer, httpServer], {
  error: 'each server needs an id, a tools allow list, and either a command (stdio) or a url (streamable HTTP)',
});

export type McpServerConfig = z.infer<typeof serverEntry>;

const serverList = z.array(serverEntry).superRefine((servers, ctx) => {
  const seen = new Set<string>();
  for (const [index, server] of servers.entries()) {
    if (seen.has(server.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `the id "${server.id}" is used twice` });
    seen.add(server.id);
  }
});

/** The variable as the env schema reads it: blank or unset is no servers; anything else must be valid JSON of the list. */
export const mcpServersVariable = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw?.trim()) return [];
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'MCP_SERVERS is not valid JSON (expected an array of servers)' });
      return z.NEVER;
    }
  })
  .pipe(serverList);

/** The name the model sees for a server's tool: the server's id first, so two servers' `search` never collide. */
export function mcpToolName(server: Pick<McpServerConfig, 'id'>, tool: string): string {
  return `${server.id.replaceAll('-', '_')}__${tool}`;
}
