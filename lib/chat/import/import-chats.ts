import type { Db, Tx } from '@/lib/db/client';
import { type RequestRate, takeRateRules, takeRequestRate } from '@/lib/rate-limit/rate-limit';
import { messageSearchText } from '@/lib/text/segment';
import type { ImportedChat, ImportSource } from './imported-chat';
import { type ExportFile, readExport } from './read-export';

/** What the person is told: how many chats were made, which (the first few, to open), and what was left out. */
export interface ImportResult {
  source: ImportSource | null;
  imported: number;
  /** conversations with no message a person could read (only system or tool messages) */
  skipped: number;
  /** the first chats made, in the file's order */
  chats: Array<{ id: string; title: string }>;
  /** chats cut to their first messages: how many were kept of how many */
  shortened: Array<{ title: string; kept: number; total: number }>;
}

const SHOWN_CHATS = 20;
/** Imports one person may start in a minute, on top of the deployment's request limit: each reads a large file. */
const IMPORTS_PER_MINUTE = 5;
/** A transaction holds this many chats, or about this many messages, whichever comes first. */
const BATCH_CHATS = 25;
const BATCH_MESSAGES = 2_000;
const ROWS_PER_INSERT = 1_000;

/**
 * Makes a chat of the person's for each conversation of an export (ChatGPT,
 * Claude.ai or Quire's own JSON): title, messages in order with their roles
 * and times, marked with where it came from. No model is called and nothing is
 * charged.
 *
 * The rate limits are taken first (429), then the file is read (413 past its
 * cap). The file is read twice, streaming both times: first through to its end to
 * refuse it whole (too many conversations, something that is not an export,
 * a ZIP bomb, a depth bomb) before any chat is made; then again to write the
 * chats, a batch per transaction, so memory holds one batch and never the file's
 * conversations all at once.
 */
export async function importChats(
  deps: { db: Db; rate: RequestRate },
  userId: string,
  readFile: () => Promise<ExportFile>,
  options: { model: string; maxJsonDepth: number },
): Promise<ImportResult> {
  const { db } = deps;
  // an import reads up to 50 MB: the rate limits are taken before a byte of it is read
  await takeRequestRate(db, deps.rate);
  await takeRateRules(db, [{ key: `chat-import:${userId}`, perMinute: IMPORTS_PER_MINUTE }]);
  const file = await readFile();
  // the first read refuses a bad file before anything is written
  for await (const _ of readExport(file, options.maxJsonDepth)) {
    // nothing to keep: reading it through is the check
  }

  const result: ImportResult = { source: null, imported: 0, skipped: 0, chats: [], shortened: [] };
  let batch: ImportedChat[] = [];
  let batchMessages = 0;
  const flush = async (source: ImportSource) => {
    if (batch.length === 0) return;
    const chats = batch;
    batch = [];
    batchMessages = 0;
    const made = await db.$transaction((tx) => writeChats(tx, userId, source, options.model, chats), {
      timeout: 120_000,
      maxWait: 30_000,
    });
    result.imported += made.length;
    result.chats.push(...made.slice(0, SHOWN_CHATS - result.chats.length));
  };
  for await (const { source, chat } of readExport(file, options.maxJsonDepth)) {
    result.source = source;
    if (chat.messages.length === 0) {
      result.skipped++;
      continue;
    }
    if (chat.droppedMessages > 0)
      result.shortened.push({ title: chat.title, kept: chat.messages.length, total: chat.messages.length + chat.droppedMessages });
    batch.push(chat);
    batchMessages += chat.messages.length;
    if (batch.length >= BATCH_CHATS || batchMessages >= BATCH_MESSAGES) await flush(source);
  }
  if (result.source) await flush(result.source);
  return result;
}

async function writeChats(db: Tx, userId: string, source: ImportSource, model: string, chats: ImportedChat[]) {
  const made: Array<{ id: string; title: string }> = [];
  for (const chat of chats) {
    const lastMessageAt = chat.messages.at(-1)?.createdAt ?? chat.createdAt;
    const row = await db.chat.create({
      data: { userId, title: chat.title, model, importedFrom: source, createdAt: chat.createdAt, lastMessageAt },
      select: { id: true, title: true },
    });
    for (let at = 0; at < chat.messages.length; at += ROWS_PER_INSERT) {
      await db.message.createMany({
        data: chat.messages.slice(at, at + ROWS_PER_INSERT).map((message) => ({
          chatId: row.id,
          role: message.role,
          kind: message.kind,
          text: message.text,
          searchText: messageSearchText(message.text),
          status: message.status,
          model: message.model,
          createdAt: message.createdAt,
        })),
      });
    }
    made.push(row);
  }
  return made;
}
