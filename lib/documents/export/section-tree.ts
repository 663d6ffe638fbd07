import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { ExportedDocument } from './load-export';

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * A section body as the Markdown tree every export format walks (HTML, DOCX,
 * PDF): one parser for all of them. `[^k]` would parse as a footnote reference
 * only with a definition beside it, so citation markers are kept in the text
 * as private-use tokens that `splitCitations` finds again.
 */
export function parseSectionBody(body: string): Root {
  return parser.parse(body.replace(/\[\^(\d+)\]/g, '\uE000$1\uE001'));
}

export type TextPiece = { text: string } | { footnote: number };

/** A text node's value as plain text and the document-wide footnote numbers cited in it, in order. */
export function splitCitations(value: string): TextPiece[] {
  return value
    .split(/(\uE000\d+\uE001)/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const marker = /^\uE000(\d+)\uE001$/.exec(piece);
      return marker ? { footnote: Number(marker[1]) } : { text: piece };
    });
}

/** Links an export may follow; anything else (javascript:, data:) is written as its text only. */
export function isSafeLink(url: string): boolean {
  return /^(https?:|mailto:|#|\/)/i.test(url);
}

/** The document's main language (from its title and the start of each section), for the HTML `lang` and a PDF's metadata. */
export function languageOf(doc: Pick<ExportedDocument, 'title' | 'sections'>): 'zh' | 'ru' | 'en' {
  const sample = `${doc.title} ${doc.sections.map((s) => s.body.slice(0, 200)).join(' ')}`;
  if (/[\u4e00-\u9fff]/.test(sample)) return 'zh';
  if (/[а-яё]/i.test(sample)) return 'ru';
  return 'en';
}
