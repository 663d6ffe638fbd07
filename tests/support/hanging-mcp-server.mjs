// A stdio MCP server that hangs, for the tests of a server that never answers
// (modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio: one JSON-RPC message per line).
//   node hanging-mcp-server.mjs start  reads every message and answers none, not even `initialize`
//   node hanging-mcp-server.mjs call   starts and lists its one tool, `wait`, then never answers a `tools/call`
import { createInterface } from 'node:readline';

const mode = process.argv[2] ?? 'start';
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (mode === 'start' || !line.trim()) return;
  const message = JSON.parse(line);
  if (message.method === 'initialize')
    send({
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'hanging-mcp-server', version: '1.0.0' },
      },
    });
  else if (message.method === 'tools/list')
    send({
      id: message.id,
      result: {
        tools: [
          {
            name: 'wait',
            description: 'Waits for something that never comes.',
            inputSchema: { type: 'object', properties: { what: { type: 'string' } } },
          },
        ],
      },
    });
  // tools/call: no answer, ever
});
