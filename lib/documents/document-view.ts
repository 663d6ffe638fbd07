import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import type { DocumentRole } from './access';

/** GET /api/documents/:id (CONTRACT.md "Documents and canvas"). */
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
  progress: { step: string; sectionsDone: number; sectionsTotal: number };
  sections: Array<{ id: string; position: number; title: string; status: string; version: number; body: string; flags: unknown[] }>;
  sources: Array<{ id: string; title: string; kind: string }>;
}

export async function getDocumentView(db: Db, documentId: string, role: DocumentRole): Promise<DocumentView> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: {
      job: true,
      questions: { orderBy: { position: 'asc' } },
      sections: { orderBy: { position: 'asc' } },
      sources: { orderBy: { createdAt: 'asc' }, select: { id: true, title: true, kind: true } },
    },
  });
  if (!document?.job) throw new AppError('not_found', 'Document not found.');
  const { job } = document;
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
    },
    sections: document.sections.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      status: s.status,
      version: s.version,
      body: s.body,
      flags: Array.isArray(s.flags) ? s.flags : [],
    })),
    sources: document.sources,
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

/** Own and shared documents, newest first. */
export async function listDocuments(db: Db, userId: string): Promise<DocumentListItem[]> {
  const documents = await db.document.findMany({
    where: { OR: [{ ownerId: userId }, { members: { some: { userId } } }] },
    orderBy: { createdAt: 'desc' },
    take: 200,
    include: {
      job: { select: { status: true } },
      members: { where: { userId }, select: { role: true } },
      sections: { select: { status: true } },
    },
  });
  return documents.map((d) => ({
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
