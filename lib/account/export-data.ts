import { loadPersonalInstructions, type PersonalInstructions } from '@/lib/chat/personal-instructions';
import type { Db } from '@/lib/db/client';
import { listCredits, listLedger } from '@/lib/billing/ledger-view';
import { exportChat } from '@/lib/chat/export-chat';
import { exportDocument } from '@/lib/documents/export/export-document';
import { type Keyset, keysetWhereNewer, type PageRequest } from '@/lib/db/keyset';
import { csvHead, csvLine } from '@/lib/text/csv';
import { piecesOf, type ZipFile, zipStream } from '@/lib/streams/zip-stream';

/** Rows read per query: the archive holds one page of one table in memory, never a table. */
const PAGE = 100;

/** Sources that are a person's own files (and pasted text), as opposed to links research read. */
const UPLOADED_KINDS = ['text', 'markdown', 'pdf', 'docx'];

export interface DataExportDeps {
  db: Db;
  /** a model id as the person reads it, for the chats' Markdown */
  labelOf: (model: string | null) => string;
}

export interface DataExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * "Download my data": one ZIP with everything the person put into Quire or was
 * charged for — each chat as Markdown and JSON (the per-chat export), each
 * document they own as Markdown with every version of its sections, the text of
 * the files they uploaded for documents, the files and images they attached in
 * chats (as they sent them), and their ledger and top-ups as CSV. The archive is
 * written while it downloads, a page of rows at a time.
 */
export async function exportAccountData(deps: DataExportDeps, userId: string, now = new Date()): Promise<DataExport> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true, createdAt: true } });
  // what the person wrote under Instructions is theirs too
  const instructions = await loadPersonalInstructions(deps.db, userId);
  return {
    filename: `quire-data-${now.toISOString().slice(0, 10)}.zip`,
    body: zipStream(archiveFiles(deps, userId, { ...user, instructions, exportedAt: now })),
  };
}

async function* archiveFiles(
  deps: DataExportDeps,
  userId: string,
  account: { name: string; email: string; createdAt: Date; instructions: PersonalInstructions; exportedAt: Date },
): AsyncGenerator<ZipFile> {
  yield { path: 'account.json', content: once(`${JSON.stringify({ format: 'quire.account.v1', ...account }, null, 2)}\n`) };
  yield* chatFiles(deps, userId);
  yield* documentFiles(deps.db, userId);
  yield* uploadFiles(deps.db, userId);
  yield* chatAttachments(deps.db, userId);
  yield { path: 'ledger.csv', content: ledgerCsv(deps.db, userId) };
  yield { path: 'credits.csv', content: creditsCsv(deps.db, userId) };
}

async function* chatFiles(deps: DataExportDeps, userId: string): AsyncGenerator<ZipFile> {
  for await (const chat of pagesOldestFirst((after) =>
    deps.db.chat.findMany({
      where: { userId, ...(after ? keysetWhereNewer('createdAt', after) : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: { id: true, createdAt: true, lastMessageAt: true },
    }),
  )) {
    for (const format of ['md', 'json'] as const) {
      const file = await exportChat(deps.db, chat.id, userId, format, deps.labelOf);
      yield { path: `chats/${uniqueName(file.filename, chat.id)}`, modifiedAt: chat.lastMessageAt, content: piecesOf(file.body) };
    }
  }
}

async function* documentFiles(db: Db, userId: string): AsyncGenerator<ZipFile> {
  for await (const document of pagesOldestFirst((after) =>
    db.document.findMany({
      where: { ownerId: userId, ...(after ? keysetWhereNewer('createdAt', after) : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: { id: true, createdAt: true, updatedAt: true },
    }),
  )) {
    const file = await exportDocument(db, document.id, 'md');
    const name = uniqueName(file.filename, document.id);
    yield { path: `documents/${name}`, modifiedAt: document.updatedAt, content: once(file.content) };
    yield {
      path: `documents/${name.replace(/\.md$/, '.versions.md')}`,
      modifiedAt: document.updatedAt,
      content: sectionVersions(db, document.id),
    };
  }
}

/** Every version of every section, oldest first under each section: what the History panel shows, to keep. */
async function* sectionVersions(db: Db, documentId: string): AsyncGenerator<string> {
  const document = await db.document.findUniqueOrThrow({
    where: { id: documentId },
    select: { title: true, sections: { orderBy: { position: 'asc' }, select: { id: true, position: true, title: true } } },
  });
  yield `# ${oneLine(document.title || 'Untitled document')}: every version of each section\n`;
  for (const section of document.sections) {
    yield `\n## ${section.position + 1}. ${oneLine(section.title)}\n`;
    let after = 0;
    for (;;) {
      const versions = await db.sectionVersion.findMany({
        where: { sectionId: section.id, version: { gt: after } },
        orderBy: { version: 'asc' },
        take: PAGE,
        select: { version: true, kind: true, body: true, createdAt: true },
      });
      for (const v of versions) yield `\n### Version ${v.version} · ${v.kind} · ${when(v.createdAt)}\n\n${v.body.trimEnd()}\n`;
      if (versions.length < PAGE) break;
      after = versions.at(-1)!.version;
    }
  }
}

async function* uploadFiles(db: Db, userId: string): AsyncGenerator<ZipFile> {
  for await (const source of pagesOldestFirst((after) =>
    db.source.findMany({
      where: { ownerId: userId, kind: { in: UPLOADED_KINDS }, ...(after ? keysetWhereNewer('createdAt', after) : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: { id: true, title: true, kind: true, unit: true, createdAt: true },
    }),
  )) {
    const extension = source.kind === 'markdown' ? 'md' : 'txt';
    yield {
      path: `uploads/${uniqueName(`${fileStem(source.title, 'file')}.${extension}`, source.id)}`,
      modifiedAt: source.createdAt,
      content: sourceText(db, source.id, source.unit === 'page'),
    };
  }
}

/**
 * The files and images attached in chats, as uploaded (an image as re-encoded, without its metadata), under
 * `chat-files/`, each named after its file and its chat. Their bytes are read one file at a time: a page of
 * a hundred 20 MB files is never in memory at once.
 */
async function* chatAttachments(db: Db, userId: string): AsyncGenerator<ZipFile> {
  for await (const file of pagesOldestFirst((after) =>
    db.chatFile.findMany({
      where: { ownerId: userId, ...(after ? keysetWhereNewer('createdAt', after) : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: { id: true, name: true, createdAt: true, chat: { select: { title: true } } },
    }),
  )) {
    const dot = file.name.lastIndexOf('.');
    const extension =
      dot > 0
        ? file.name
            .slice(dot)
            .replace(/[^.A-Za-z0-9]/g, '')
            .slice(0, 8)
        : '';
    const chat = fileStem(file.chat.title, 'chat');
    yield {
      path: `chat-files/${chat}/${uniqueName(`${fileStem(file.name, 'file')}${extension || '.bin'}`, file.id)}`,
      modifiedAt: file.createdAt,
      content: fileBytes(db, file.id),
    };
  }
}

async function* fileBytes(db: Db, fileId: string): AsyncGenerator<Uint8Array> {
  const row = await db.chatFile.findUnique({ where: { id: fileId }, select: { bytes: true } });
  if (row) yield new Uint8Array(row.bytes);
}

/** The text Quire read from an uploaded file (the file itself is not kept): its paragraphs, or its pages under a marker. */
async function* sourceText(db: Db, sourceId: string, pages: boolean): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    const rows = await db.sourceParagraph.findMany({
      where: { sourceId, number: { gt: after } },
      orderBy: { number: 'asc' },
      take: PAGE,
      select: { number: true, text: true },
    });
    for (const row of rows) yield `${row.number > 1 ? '\n' : ''}${pages ? `--- page ${row.number} ---\n\n` : ''}${row.text.trimEnd()}\n`;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.number;
  }
}

export const LEDGER_CSV_COLUMNS = [
  'at',
  'entry_id',
  'status',
  'chat',
  'document',
  'models',
  'input_tokens',
  'output_tokens',
  'reserved_micros',
  'charged_micros',
] as const;

/** The person's ledger, newest first, as the wallet page pages it (lib/billing/ledger-view.ts). */
async function* ledgerCsv(db: Db, userId: string): AsyncGenerator<string> {
  yield csvHead(LEDGER_CSV_COLUMNS);
  for await (const e of pagesNewestFirst((page) => listLedger(db, { userId }, page))) {
    yield csvLine([
      e.createdAt.toISOString(),
      e.id,
      e.status,
      e.chatTitle,
      e.documentTitle,
      [...new Set(e.calls.map((call) => call.model))].join(' '),
      e.calls.reduce((sum, call) => sum + call.inputTokens, 0),
      e.calls.reduce((sum, call) => sum + call.outputTokens, 0),
      e.reservedMicros,
      e.chargedMicros,
    ]);
  }
}

export const CREDITS_CSV_COLUMNS = ['at', 'grant_id', 'amount_micros', 'reason'] as const;

async function* creditsCsv(db: Db, userId: string): AsyncGenerator<string> {
  yield csvHead(CREDITS_CSV_COLUMNS);
  for await (const g of pagesNewestFirst((page) => listCredits(db, { userId }, page))) {
    yield csvLine([g.createdAt.toISOString(), g.id, g.amountMicros, g.reason]);
  }
}

/** Rows of a list read oldest first by (createdAt, id), a page per query. */
async function* pagesOldestFirst<T extends { id: string; createdAt: Date }>(
  read: (after: Keyset | undefined) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = { at: last.createdAt, id: last.id };
  }
}

/** Rows of a paged list that reads newest first (the ledger views), page after page. */
async function* pagesNewestFirst<T>(read: (page: PageRequest) => Promise<{ items: T[]; next: Keyset | null }>): AsyncGenerator<T> {
  let after: Keyset | undefined;
  for (;;) {
    const page = await read({ after, limit: PAGE });
    yield* page.items;
    if (!page.next) return;
    after = page.next;
  }
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/** Two chats may share a title: the id's first characters keep their files apart. */
function uniqueName(filename: string, id: string): string {
  const dot = filename.lastIndexOf('.');
  return `${filename.slice(0, dot)}-${id.slice(0, 8)}${filename.slice(dot)}`;
}

function fileStem(title: string, fallback: string): string {
  const stem = title
    .normalize('NFC')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || fallback;
}

const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
