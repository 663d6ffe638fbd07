import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/config';

const mcpServers = (value: string) => loadConfig({ NODE_ENV: 'test', MCP_SERVERS: value }).mcpServers;

describe('MCP_SERVERS', () => {
  it('unset or blank: no servers', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mcpServers).toEqual([]);
    expect(mcpServers('  ')).toEqual([]);
  });

  it('reads a stdio server and a streamable-HTTP server with their allow lists', () => {
    const servers = mcpServers(
      JSON.stringify([
        { id: 'files', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv'], tools: ['read_text_file'] },
        { id: 'wiki', url: 'https://wiki.example/mcp', headers: { authorization: 'Bearer x' }, tools: ['search'], timeoutMs: 5000 },
      ]),
    );
    expect(servers).toEqual([
      { id: 'files', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv'], tools: ['read_text_file'] },
      { id: 'wiki', url: 'https://wiki.example/mcp', headers: { authorization: 'Bearer x' }, tools: ['search'], timeoutMs: 5000 },
    ]);
  });

  it.each([
    ['not JSON', '{nope', /MCP_SERVERS: MCP_SERVERS is not valid JSON/],
    ['no allow list', '[{"id":"a","command":"x"}]', /MCP_SERVERS\.0: each server needs an id, a tools allow list/],
    ['an empty allow list', '[{"id":"a","command":"x","tools":[]}]', /MCP_SERVERS\.0\.tools: list the tools to offer/],
    ['both command and url', '[{"id":"a","command":"x","url":"http://h/mcp","tools":["t"]}]', /MCP_SERVERS\.0: each server needs/],
    ['a url that is not http', '[{"id":"a","url":"file:///etc/passwd","tools":["t"]}]', /MCP_SERVERS\.0\.url: url must start with http/],
    [
      'an id used twice',
      '[{"id":"a","command":"x","tools":["t"]},{"id":"a","command":"y","tools":["t"]}]',
      /MCP_SERVERS\.1\.id: the id "a" is used twice/,
    ],
    [
      'an id the tool names cannot carry',
      '[{"id":"My Server","command":"x","tools":["t"]}]',
      /MCP_SERVERS\.0\.id: an id is 1–20 lowercase/,
    ],
  ])('stops the start with a clear message: %s', (_case, value, message) => {
    expect(() => mcpServers(value)).toThrow(message);
  });
});
