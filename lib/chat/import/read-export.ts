import { AppError } from '@/lib/errors';
import { chatFromChatGpt, isChatGptConversation } from './chatgpt-export';
import { chatFromClaude, isClaudeConversation } from './claude-export';
import { MAX_IMPORT_BYTES, MAX_IMPORT_CHATS } from './import-limits';
import { IMPORT_SOURCE_NAMES } from './import-sources';
import type { ImportedChat, ImportSource } from './imported-chat';
import { JsonShapeError, topLevelObjects } from './json-values';
import { chatFromQuire, isQuireChat } from './quire-export';
import { inflateEntry, listZipEntries, looksLikeZip, ZipRefusal } from './zip-entry';

/** The file a person uploaded. */
export interface ExportFile {
  name: string;
  bytes: Buffer;
}

/** A ChatGPT export ZIP holds images and other files besides conversations.json; more entries than this is not an export. */
const MAX_ZIP_ENTRIES = 20_000;
const ZIP_LIMITS = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxRatio: 100,
  ratioFreeBytes: 16 * 1024 * 1024,
};
/** One conversation (or a Quire chat file, which is one object) at most this large: the memory the reading holds. */
const MAX_CONVERSATION_BYTES = MAX_IMPORT_BYTES;

const FORMATS: Array<{
  source: ImportSource;
  matches: (value: Record<string, unknown>) => boolean;
  convert: (value: Record<string, unknown>) => ImportedChat;
}> = [
  { source: 'chatgpt', matches: isChatGptConversation, convert: chatFromChatGpt },
  { source: 'claude', matches: isClaudeConversation, convert: chatFromClaude },
  { source: 'quire', matches: isQuireChat, convert: chatFromQuire },
];

/**
 * The chats an export holds, one at a time, as its JSON streams out of the
 * file (or out of conversations.json inside the export's ZIP). The first
 * conversation says which app wrote the file; every other one must be of the
 * same kind. A ZIP without conversations.json is taken as Quire's own archive
 * ("download my data"): each of its JSON files that is a chat exported from
 * Quire becomes a chat, and its other files are passed over. JSON nested deeper
 * than `maxJsonDepth` (the API's own limit, handed in by the route) is refused
 * before it is parsed. Refusals are AppErrors with their own codes:
 * `import_not_recognised`, `import_too_deep`, `import_zip_bomb`,
 * `import_too_large`, `import_too_many_chats`.
 */
export async function* readExport(file: ExportFile, maxJsonDepth: number): AsyncGenerator<{ source: ImportSource; chat: ImportedChat }> {
  let format: (typeof FORMATS)[number] | undefined;
  let count = 0;
  try {
    const { reads, quireArchive } = jsonReadsOf(file);
    for (const read of reads) {
      try {
        for await (const { top, value } of topLevelObjects(read(), { maxDepth: maxJsonDepth, maxValueBytes: MAX_CONVERSATION_BYTES })) {
          const matching = FORMATS.find((candidate) => candidate.matches(value));
          if (quireArchive && matching?.source !== 'quire') continue; // the archive's account.json and the like
          // a Quire chat file is one object; ChatGPT's and Claude's are lists
          if (!matching || (top === 'object') !== (matching.source === 'quire')) throw notRecognised(count);
          if (format && matching !== format)
            throw new AppError(
              'import_not_recognised',
              `Conversation ${count + 1} is not a ${IMPORT_SOURCE_NAMES[format.source]} conversation like the ones before it.`,
            );
          format = matching;
          if (++count > MAX_IMPORT_CHATS)
            throw new AppError(
              'import_too_many_chats',
              `The file holds more than ${MAX_IMPORT_CHATS.toLocaleString('en')} conversations; nothing was imported. Import at most ${MAX_IMPORT_CHATS.toLocaleString('en')} at a time.`,
              { limit: MAX_IMPORT_CHATS },
            );
          yield { source: matching.source, chat: matching.convert(value) };
        }
      } catch (error) {
        // in an archive, a JSON file that is not JSON (an uploaded file kept as it was) is passed over, unparsed
        if (!(quireArchive && error instanceof JsonShapeError)) throw error;
      }
    }
    if (quireArchive && count === 0)
      throw new AppError(
        'import_not_recognised',
        'The ZIP holds no conversations.json and no chat exported from Quire: it is not an export we recognise.',
      );
  } catch (error) {
    throw refusalOf(error, maxJsonDepth);
  }
}

/** The JSON texts to read: the file itself, conversations.json in the export's ZIP, or each JSON file of a Quire archive. */
function jsonReadsOf(file: ExportFile): { reads: Array<() => AsyncIterable<Uint8Array>>; quireArchive: boolean } {
  if (!looksLikeZip(file.bytes)) return { reads: [() => slices(file.bytes)], quireArchive: false };
  const entries = listZipEntries(file.bytes, MAX_ZIP_ENTRIES).filter((entry) => !entry.name.endsWith('/'));
  // conversations.json nearest the top, as both ChatGPT's and Claude.ai's ZIPs have it
  const conversations = entries
    .filter((entry) => /(^|\/)conversations\.json$/i.test(entry.name))
    .sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
  if (conversations) return { reads: [() => inflateEntry(file.bytes, conversations, ZIP_LIMITS)], quireArchive: false };
  const json = entries.filter((entry) => /\.json$/i.test(entry.name));
  return { reads: json.map((entry) => () => inflateEntry(file.bytes, entry, ZIP_LIMITS)), quireArchive: true };
}

async function* slices(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

const notRecognised = (index: number) =>
  new AppError(
    'import_not_recognised',
    index === 0
      ? 'This is not an export we recognise: upload ChatGPT’s or Claude.ai’s conversations.json (or the export’s ZIP), or a chat exported from Quire as JSON.'
      : `Conversation ${index + 1} in the file is not one we recognise.`,
  );

function refusalOf(error: unknown, maxJsonDepth: number): unknown {
  if (error instanceof ZipRefusal) {
    if (error.reason === 'bomb') return new AppError('import_zip_bomb', error.message);
    return new AppError('import_not_recognised', error.message);
  }
  if (error instanceof JsonShapeError) {
    if (error.reason === 'too_deep') return new AppError('import_too_deep', error.message, { limit: maxJsonDepth });
    if (error.reason === 'value_too_large') return new AppError('import_too_large', error.message);
    return new AppError(
      'import_not_recognised',
      `${error.message} Upload the conversations.json of a ChatGPT or Claude.ai export, or its ZIP.`,
    );
  }
  return error;
}
