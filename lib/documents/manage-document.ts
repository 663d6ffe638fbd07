import type { Db } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import { tidyTitle } from '@/lib/text/request-title';
import { abortJobHere, JOB_DELETED } from './pipeline/worker/job-aborts';

/** The owner renames a document (the route checks the role). The name is tidied as an automatic one is; an empty one is a 400 at the route. */
export async function renameDocument(db: Db, documentId: string, title: string): Promise<{ id: string; title: string }> {
  const tidy = tidyTitle(title);
  if (!tidy) throw new AppError('validation_failed', 'Give the document a name.');
  const renamed = await db.document.updateMany({ where: { id: documentId }, data: { title: tidy } });
  if (renamed.count === 0) throw notFound('Document not found.');
  return { id: documentId, title: tidy };
}

/**
 * The owner deletes a document, whatever its job is doing. One transaction
 * removes the document with its job, sections, versions, sources, facts,
 * questions and shares (cascades), and the notifications about it (they hold
 * only its id): shared people lose it from their list and their next request
 * is a 404. Then a step this process runs is aborted, so its model request
 * stops at once; a worker in another process finds its job row gone at its
 * next heartbeat or fence and stops there. Nothing can be billed after that:
 * every reservation checks the job row first. What was spent stays in the
 * ledger (its entries keep the document's id; the ledger has no foreign key).
 */
export async function deleteDocument(db: Db, documentId: string): Promise<void> {
  const jobId = await db.$transaction(async (tx) => {
    const job = await tx.documentJob.findUnique({ where: { documentId }, select: { id: true } });
    await tx.notification.deleteMany({ where: { documentId } });
    const deleted = await tx.document.deleteMany({ where: { id: documentId } });
    if (deleted.count === 0) throw notFound('Document not found.');
    return job?.id ?? null;
  });
  if (jobId) abortJobHere(jobId, JOB_DELETED);
}
