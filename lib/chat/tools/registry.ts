import type { ToolSet } from 'ai';
import type { Db } from '@/lib/db/client';
import { rememberFactTool } from './remember-fact';
import { searchDocsTool } from './search-docs';
import { logError } from '@/lib/log';

export interface ChatToolContext {
  db: Db;
  chatId: string;
  userId: string;
  /** the user message this turn answers (slot history points at it) */
  userMessageId: string;
  /** the turn, so a tool can add its own work to the turn's ledger entry */
  turnId?: string;
  /** the chat lets the model search the public web (the deployment's PUBLIC_SOURCES must allow it too) */
  webSearch?: boolean;
  /** sources the answer already cites (a Retry resumes after tool rounds that found some): new ones are numbered after them */
  citedBefore?: number;
}

/** Tools for one turn; a factory may wait for them (an MCP server connects on the first turn that needs it). */
export type ChatToolFactory = (ctx: ChatToolContext) => ToolSet | Promise<ToolSet>;

/** Every tool the chat model is offered, on every round, greetings included: the model decides. */
const TOOL_FACTORIES: ChatToolFactory[] = [
  (ctx) => ({ search_docs: searchDocsTool(ctx.db) }),
  (ctx) => ({ remember_fact: rememberFactTool(ctx) }),
];

/**
 * A tool that throws must not crash the turn: the error becomes the tool's
 * result, which the model sees and can explain.
 */
export async function buildChatTools(ctx: ChatToolContext, extra: ChatToolFactory[] = []): Promise<ToolSet> {
  const tools: ToolSet = {};
  const sets = await Promise.all([...TOOL_FACTORIES, ...extra].map((factory) => factory(ctx)));
  for (const set of sets) {
    for (const [name, t] of Object.entries(set)) {
      const execute = t.execute;
      tools[name] = execute
        ? {
            ...t,
            execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
              try {
                return await execute(input, options);
              } catch (error) {
                logError({ event: 'tool_error', tool: name, chatId: ctx.chatId, error });
                return { error: `The tool ${name} failed: ${error instanceof Error ? error.message : String(error)}` };
              }
            },
          }
        : t;
    }
  }
  return tools;
}
