import type { Db } from '@/lib/db/client';
import { keysetWhereNewer, type Keyset } from '@/lib/db/keyset';
import { notFound } from '@/lib/errors';

export type ChatExportFormat = 'md' | 'json';

/** Messages read per query: an export of a 4,000-message chat holds one page in memory, not the chat. */
const PAGE = 200;

const MESSAGE_FIELDS = {
  id: true,
  role: true,
  kind: true,
  text: true,
  status: true,
  model: true,
  inputTokens: true,
  outputTokens: true,
  costMicros: true,
  createdAt: true,
} as const;

type ExportedMessage = {
  id: string;
  role: string;
  kind: string;
  text: string;
  status: string;
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  costMicros: bigint;
  createdAt: Date;
};

export interface ChatExport {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * A person's chat as a file to keep or move: Markdown to read (each message
 * under its author and time), or JSON with every message's fields (the format
 * `quire.chat.v1`, also what "download my data" holds). The file streams: it
 * is written a page of messages at a time, oldest first. 404 for a chat that
 * is not the person's.
 */
export async function exportChat(
  db: Db,
  chatId: string,
  userId: string,
  format: ChatExportFormat,
  labelOf: (model: string | null) => string,
): Promise<ChatExport> {
  const chat = await db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true, title: true, model: true, createdAt: true } });
  if (!chat) throw notFound('No such chat.');
  const exportedAt = new Date();
  const pieces =
    format === 'md'
      ? markdownPieces(chat, messagesOldestFirst(db, chat.id), labelOf, exportedAt)
      : jsonPieces(chat, messagesOldestFirst(db, chat.id), exportedAt);
  return {
    filename: `${fileStem(chat.title)}.${format}`,
    contentType: format === 'md' ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8',
    body: streamOf(pieces),
  };
}

async function* messagesOldestFirst(db: Db, chatId: string): AsyncGenerator<ExportedMessage> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await db.message.findMany({
      // the conversation as the person sees it: the branch on screen (lib/chat/branches.ts)
      where: { chatId, onBranch: true, ...(after ? keysetWhereNewer('createdAt', after) : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: MESSAGE_FIELDS,
    });
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = { at: last.createdAt, id: last.id };
  }
}

interface ChatHead {
  id: string;
  title: string;
  model: string;
  createdAt: Date;
}

const STATUS_NOTE: Record<string, string> = {
  stopped: 'Stopped before the end.',
  truncated: 'Cut at the model’s output limit.',
  error: 'This answer failed.',
  streaming: 'Still being written when exported.',
};

async function* markdownPieces(
  chat: ChatHead,
  messages: AsyncIterable<ExportedMessage>,
  labelOf: (model: string | null) => string,
  exportedAt: Date,
): AsyncGenerator<string> {
  yield `# ${oneLine(chat.title)}\n\n_Exported from Quire on ${when(exportedAt)}._\n`;
  for await (const m of messages) {
    if (m.kind === 'event') {
      yield `\n> ${oneLine(m.text)}\n`;
      continue;
    }
    const author = m.role === 'user' ? 'You' : labelOf(m.model);
    const note = STATUS_NOTE[m.status];
    yield `\n## ${author} · ${when(m.createdAt)}\n\n${m.text.trimEnd()}\n${note ? `\n_${note}_\n` : ''}`;
  }
}

async function* jsonPieces(chat: ChatHead, messages: AsyncIterable<ExportedMessage>, exportedAt: Date): AsyncGenerator<string> {
  const head = { format: 'quire.chat.v1', id: chat.id, title: chat.title, model: chat.model, createdAt: chat.createdAt, exportedAt };
  yield `${JSON.stringify(head).slice(0, -1)},"messages":[`;
  let first = true;
  for await (const m of messages) {
    const { inputTokens, outputTokens, costMicros, ...fields } = m;
    yield `${first ? '' : ','}\n${JSON.stringify({ ...fields, usage: { inputTokens, outputTokens }, costMicros: Number(costMicros) })}`;
    first = false;
  }
  yield '\n]}\n';
}

function streamOf(pieces: AsyncIterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return?.(undefined);
    },
  });
}

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A file name from the title: letters (any script), digits, spaces as dashes; "chat" when nothing is left. */
function fileStem(title: string): string {
  const stem = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || 'chat';
}
