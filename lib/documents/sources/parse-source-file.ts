import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { AppError } from '@/lib/http/errors';
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
}

export interface SourceFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * A file the person attached → numbered paragraphs (pages for a PDF). Too
 * large → 413; unsupported or unreadable → 422 with the reason.
 */
export async function parseSourceFile(file: SourceFile): Promise<ParsedSource> {
  if (file.bytes.byteLength > MAX_SOURCE_FILE_BYTES) {
    throw new AppError('payload_too_large', `“${file.name}” is larger than ${MAX_SOURCE_FILE_BYTES / 1024 / 1024} MB.`);
  }
  const kind = sourceKindOf(file);
  if (!kind) throw new AppError('unprocessable', `“${file.name}” is not a text, Markdown, PDF or DOCX file.`);
  const title = file.name.replace(/\.[^.]+$/, '') || file.name;
  const paragraphs = await readParagraphs(kind, file).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError('unprocessable', `“${file.name}” could not be read as ${kind.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (paragraphs.length === 0 || paragraphs.every((p) => !p.trim())) {
    throw new AppError('unprocessable', `“${file.name}” has no readable text${kind === 'pdf' ? ' (a scanned PDF needs OCR first)' : ''}.`);
  }
  return { kind, title, unit: kind === 'pdf' ? 'page' : 'paragraph', paragraphs };
}

async function readParagraphs(kind: SourceKind, file: SourceFile): Promise<string[]> {
  switch (kind) {
    case 'pdf': {
      const { text } = await extractText(new Uint8Array(file.bytes), { mergePages: false });
      // page numbers must stay true: an empty page keeps its number
      return text.map((page) => page.replace(/\s+/g, ' ').trim());
    }
    case 'docx': {
      const { value } = await mammoth.extractRawText({ buffer: Buffer.from(file.bytes) });
      return splitParagraphs(value);
    }
    case 'markdown':
      return splitMarkdownParagraphs(decodeUtf8(file));
    case 'text':
      return splitParagraphs(decodeUtf8(file));
  }
}

function decodeUtf8(file: SourceFile): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    throw new AppError('unprocessable', `“${file.name}” is not valid UTF-8 text.`);
  }
}

/** Pasted text (`{kind: text, title, content}`): Markdown-aware paragraph split. */
export function parsePastedText(title: string, content: string): ParsedSource {
  if (content.length > MAX_SOURCE_TEXT_CHARS) throw new AppError('payload_too_large', `The pasted source “${title}” is longer than ${MAX_SOURCE_TEXT_CHARS} characters.`);
  const paragraphs = splitMarkdownParagraphs(content);
  if (paragraphs.length === 0) throw new AppError('unprocessable', `The pasted source “${title}” is empty.`);
  return { kind: 'text', title: title.trim() || 'Pasted text', unit: 'paragraph', paragraphs };
}
