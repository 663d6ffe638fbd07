import type { ChatScenario } from './chat-scenario';
import { lastMessageIsUser } from './chat-scenario';

/** `[sim:call=NAME {json}]` with that tool on offer: exactly that call (a test's way to reach any tool, an MCP server's too). */
export const calledTool: ChatScenario = {
  name: 'called-tool',
  matches: (context) =>
    context.directives.call !== null && context.tools.includes(context.directives.call.name) && lastMessageIsUser(context),
  reply: (context) => ({ text: '', toolCalls: [context.directives.call!] }),
};
