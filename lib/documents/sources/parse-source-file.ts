import { AppError } from '@/lib/errors';
import { cleanText } from '@/lib/text/clean-text';
import { extractTextInWorker, type ExtractedText } from './parse-in-worker';
import { splitMarkdownParagraphs, splitParagraphs } from './split-paragraphs';
import { MAX_SOURCE_FILE_BYTES, sourceKindOf, type SourceKind } from './upload-limits';

export { MAX_SOURCE_FILE_BYTES, sourceKindOf, type SourceKind };

/** A pasted text source. */
export const MAX_SOURCE_TEXT_CHARS = 200_000;

export interface ParsedSource {
  kind: SourceKind | 'answers' | 'url';
  title: string;
  /** PDFs are cited by page, everything else by paragraph */
  unit: 'paragraph' | 'page';
  url?: string;
  paragraphs: string[];
  /** a link that will not be read (lib/documents/intake/request-links.ts): kept as a failed source with this reason */
  unreadReason?: string;
}

export interface SourceFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** More numbered paragraphs (or pages) than this in one source is refused: research could never cite them all anyway. */
export const MAX_SOURCE_PARAGRAPHS = 10_000;

/**
 * A file the person attached → numbered paragraphs (pages for a PDF). Too
 * large → 413; unsupported, unreadable or over a reading limit → 422 with the
 * reason. The reading itself happens in a worker thread (parse-in-worker.ts).
 */
export async function parseSourceFile(file: SourceFile): Promise<ParsedSource> {
  if (file.bytes.byteLength > MAX_SOURCE_FILE_BYTES) {
    throw new AppError('payload_too_large', `“${file.name}” is larger than ${MAX_SOURCE_FILE_BYTES / 1024 / 1024} MB.`, {
      limit: 'file_size',
    });
  }
  const kind = sourceKindOf(file);
  if (!kind) throw new AppError('unprocessable', `“${file.name}” is not a text, Markdown, PDF or DOCX file.`);
  const title = cleanText(file.name.replace(/\.[^.]+$/, '') || file.name);
  const extracted = await extractTextInWorker(file, kind);
  const paragraphs = toParagraphs(kind, extracted);
  if (paragraphs.length === 0 || paragraphs.every((p) => !p.trim())) {
    throw new AppError('unprocessable', `“${file.name}” has no readable text${kind === 'pdf' ? ' (a scanned PDF needs OCR first)' : ''}.`);
  }
  if (paragraphs.length > MAX_SOURCE_PARAGRAPHS) {
    throw new AppError(
      'unprocessable',
      `“${file.name}” was not read: it has more than ${MAX_SOURCE_PARAGRAPHS.toLocaleString('en-US')} paragraphs.`,
      { limit: 'paragraphs' },
    );
  }
  return { kind, title, unit: kind === 'pdf' ? 'page' : 'paragraph', paragraphs };
}

/** Several files' text, one file at a time (each in its own worker thread). */
export async function parseSourceFiles(files: SourceFile[]): Promise<ParsedSource[]> {
  const parsed: ParsedSource[] = [];
  for (const file of files) parsed.push(await parseSourceFile(file));
  return parsed;
}

function toParagraphs(kind: SourceKind, extracted: ExtractedText): string[] {
  // page numbers must stay true: an empty page keeps its number
  if (extracted.pages) return extracted.pages.map((page) => cleanText(page).replace(/\s+/g, ' ').trim());
  const text = cleanText(extracted.text);
  return kind === 'markdown' ? splitMarkdownParagraphs(text) : splitParagraphs(text);
}

/** Pasted text (`{kind: text, title, content}`): Markdown-aware paragraph split. */
export function parsePastedText(title: string, content: string): ParsedSource {
  if (content.length > MAX_SOURCE_TEXT_CHARS)
    throw new AppError('payload_too_large', `The pasted source “${title}” is longer than ${MAX_SOURCE_TEXT_CHARS} characters.`);
  const paragraphs = splitMarkdownParagraphs(cleanText(content));
  if (paragraphs.length === 0) throw new AppError('unprocessable', `The pasted source “${title}” is empty.`);
  return { kind: 'text', title: cleanText(title).trim() || 'Pasted text', unit: 'paragraph', paragraphs };
}
