import type { Db } from '@/lib/db/client';
import { renderDocx } from './docx-export';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from './export-formats';
import { renderHtml } from './html-export';
import { loadExport, type ExportedDocument } from './load-export';
import { renderMarkdown } from './markdown-export';
import { renderPdf } from './pdf-export';

/** Markdown and HTML are text; Word and PDF files are bytes. */
type ExportContent<F extends ExportFormat> = F extends 'md' | 'html' ? string : Uint8Array<ArrayBuffer>;

export interface ExportFile<F extends ExportFormat = ExportFormat> {
  content: ExportContent<F>;
  contentType: string;
  filename: string;
}

const RENDERERS: { [F in ExportFormat]: (doc: ExportedDocument) => ExportContent<F> | Promise<ExportContent<F>> } = {
  md: renderMarkdown,
  html: renderHtml,
  docx: renderDocx,
  pdf: renderPdf,
};

/** GET /api/documents/:id/export: rendered from the stored sections on request, so it is always current. */
export async function exportDocument<F extends ExportFormat>(db: Db, documentId: string, format: F): Promise<ExportFile<F>> {
  const doc = await loadExport(db, documentId);
  const base =
    doc.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'document';
  const render = RENDERERS[format] as (doc: ExportedDocument) => ExportContent<F> | Promise<ExportContent<F>>;
  return { content: await render(doc), contentType: EXPORT_CONTENT_TYPES[format], filename: `${base}.${format}` };
}
