import type { Db } from '@/lib/db/client';
import { loadExport } from './load-export';
import { renderHtml } from './html-export';
import { renderMarkdown } from './markdown-export';

export interface ExportFile {
  content: string;
  contentType: string;
  filename: string;
}

/** GET /api/documents/:id/export: rendered from the stored sections on request, so it is always current. */
export async function exportDocument(db: Db, documentId: string, format: 'md' | 'html'): Promise<ExportFile> {
  const doc = await loadExport(db, documentId);
  const base =
    doc.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'document';
  return format === 'html'
    ? { content: renderHtml(doc), contentType: 'text/html; charset=utf-8', filename: `${base}.html` }
    : { content: renderMarkdown(doc), contentType: 'text/markdown; charset=utf-8', filename: `${base}.md` };
}
