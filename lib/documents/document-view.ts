import type { Db } from '@/lib/db/client';
import { keysetWhere, mapPage, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';
import type { DocumentRole } from './access';
import type { FactFlag } from './canvas/fact-check';
import { numberedFactsOfDocument } from './pipeline/research-facts';

/** What a footnote `[^n]` of a section stands for: the fact, the exact sentence it came from, and where. */
export interface CitationView {
  marker: number;
  text: string;
  quote: string;
  sourceId: string;
  /** paragraph, or page of a PDF */
  number: number;
}

/** A source of the document; a link says whether it was read and, if not, why. */
export interface SourceView {
  id: string;
  title: string;
  kind: string;
  url: string | null;
  unit: 'paragraph' | 'page';
  /** pending: research has not read the link yet; failed: see reason */
  status: 'pending' | 'read' | 'failed';
  reason: string | null;
  paragraphs: number;
  /** when the text was read: a link's fetch, a file's upload */
  readAt: string;
}

/** GET /api/documents/:id (docs/api.md "Documents and canvas"). */
export interface DocumentView {
  id: string;
  title: string;
  type: string | null;
  status: string;
  error: string | null;
  chatId: string | null;
  budgetMicros: number;
  spentMicros: number;
  summary: string | null;
  role: DocumentRole;
  createdAt: string;
  finishedAt: string | null;
  questions: Array<{ id: string; text: string; answer: string | null }>;
  progress: { step: string; sectionsDone: number; sectionsTotal: number; searches: number; fetches: number; fetchMs: number };
  sections: Array<{
    id: string;
    position: number;
    title: string;
    status: string;
    version: number;
    body: string;
    flags: FactFlag[];
    citations: CitationView[];
  }>;
  sources: SourceView[];
}

export async function getDocumentView(db: Db, documentId: string, role: DocumentRole): Promise<DocumentView> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: {
      job: true,
      questions: { orderBy: { position: 'asc' } },
      sections: { orderBy: { position: 'asc' } },
      sources: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          title: true,
          kind: true,
          url: true,
          unit: true,
          status: true,
          reason: true,
          fetchedAt: true,
          createdAt: true,
          _count: { select: { paragraphs: true } },
        },
      },
    },
  });
  if (!document?.job) throw new AppError('not_found', 'Document not found.');
  const { job } = document;
  const facts = await numberedFactsOfDocument(db, documentId);
  return {
    id: document.id,
    title: document.title || 'Untitled document',
    type: document.type,
    status: job.status,
    error: job.error,
    chatId: document.chatId,
    budgetMicros: Number(job.budgetMicros),
    spentMicros: Number(job.spentMicros),
    summary: document.summary,
    role,
    createdAt: document.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    questions: document.questions.map((q) => ({ id: q.id, text: q.text, answer: q.answer })),
    progress: {
      step: job.step,
      sectionsDone: document.sections.filter((s) => s.status === 'written' || s.status === 'flagged').length,
      sectionsTotal: document.sections.length,
      searches: job.searches,
      fetches: job.fetches,
      fetchMs: job.fetchMs,
    },
    sections: document.sections.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      status: s.status,
      version: s.version,
      body: s.body,
      // the column holds what the fact check returned when the text was saved (section-edits.ts, write-step.ts)
      flags: Array.isArray(s.flags) ? (s.flags as unknown as FactFlag[]) : [],
      citations: (facts.get(s.id) ?? []).map((f) => ({
        marker: f.marker,
        text: f.text,
        quote: f.quote || f.text,
        sourceId: f.sourceId,
        number: f.paragraph,
      })),
    })),
    sources: document.sources.map((source) => ({
      id: source.id,
      title: source.title,
      kind: source.kind,
      url: source.url,
      unit: source.unit === 'page' ? 'page' : 'paragraph',
      status: source.status === 'pending' || source.status === 'failed' ? source.status : 'read',
      reason: source.reason,
      paragraphs: source._count.paragraphs,
      readAt: (source.fetchedAt ?? source.createdAt).toISOString(),
    })),
  };
}

export interface DocumentListItem {
  id: string;
  title: string;
  type: string | null;
  status: string;
  role: DocumentRole;
  sectionsDone: number;
  sectionsTotal: number;
  createdAt: string;
}

/** Own and shared documents, newest first, a page at a time (keyset on createdAt, id). */
export async function listDocuments(db: Db, userId: string, page: PageRequest): Promise<Page<DocumentListItem>> {
  const rows = await db.document.findMany({
    where: { AND: [{ OR: [{ ownerId: userId }, { members: { some: { userId } } }] }, keysetWhere('createdAt', page.after)] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
    include: {
      job: { select: { status: true } },
      members: { where: { userId }, select: { role: true } },
      sections: { select: { status: true } },
    },
  });
  const documents = toPage(rows, page, (d) => ({ at: d.createdAt, id: d.id }));
  return mapPage(documents, (d) => ({
    id: d.id,
    title: d.title || 'Untitled document',
    type: d.type,
    status: d.job?.status ?? 'queued',
    role: d.ownerId === userId ? 'owner' : ((d.members[0]?.role ?? 'reviewer') as DocumentRole),
    sectionsDone: d.sections.filter((s) => s.status === 'written' || s.status === 'flagged').length,
    sectionsTotal: d.sections.length,
    createdAt: d.createdAt.toISOString(),
  }));
}
