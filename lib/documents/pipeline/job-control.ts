import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { DB_NOW } from './jobs/job-lease';
import { isStepName, statusForStep } from './jobs/job-steps';
import { abortJobHere } from './worker/job-aborts';

const FINAL = ['done', 'cancelled', 'failed'];

/**
 * Cancel in two halves: the persisted flag (any worker, in any process,
 * honours it at its next step or heartbeat) and an in-process abort of the
 * current step, which stops the upstream model request. A job no worker holds
 * is cancelled on the spot.
 */
export async function requestCancel(db: Db, documentId: string): Promise<{ status: string }> {
  const job = await db.$transaction(async (tx) => {
    const current = await tx.documentJob.findUnique({ where: { documentId }, select: { id: true, status: true } });
    if (!current) throw new AppError('not_found', 'Document not found.');
    if (FINAL.includes(current.status)) throw new AppError('conflict', `The document is already ${current.status}.`);
    await tx.$executeRaw`
      UPDATE document_job SET "cancelRequested" = true, "updatedAt" = ${DB_NOW},
        status = CASE WHEN "leaseOwner" IS NULL OR "leaseExpiresAt" < ${DB_NOW} OR status IN ('awaiting_answers', 'paused')
                      THEN 'cancelled' ELSE status END,
        "finishedAt" = CASE WHEN "leaseOwner" IS NULL OR "leaseExpiresAt" < ${DB_NOW} OR status IN ('awaiting_answers', 'paused')
                      THEN ${DB_NOW} ELSE "finishedAt" END
      WHERE id = ${current.id}`;
    return tx.documentJob.findUniqueOrThrow({ where: { id: current.id }, select: { id: true, status: true } });
  });
  abortJobHere(job.id, 'cancelled');
  return { status: job.status };
}

/** What a person can resume: a job that stopped before it was done. */
const RESUMABLE = ['paused', 'failed', 'cancelled'];

/**
 * A paused (budget, credits), failed or cancelled job continues where it
 * stopped: the step, research rounds and written sections are kept (the
 * crash-safe steps skip what is done), so no work is redone and no budget is
 * spent twice. A higher budget may come with it.
 */
export async function resumeJob(db: Db, documentId: string, options: { budgetMicros?: bigint } = {}): Promise<{ status: string }> {
  return db.$transaction(async (tx) => {
    const job = await tx.documentJob.findUnique({ where: { documentId } });
    if (!job) throw new AppError('not_found', 'Document not found.');
    if (!RESUMABLE.includes(job.status))
      throw new AppError('conflict', `Only a paused, failed or cancelled document can be resumed; this one is ${job.status}.`);
    if (!isStepName(job.step)) throw new AppError('conflict', `The job is at an unknown step: ${job.step}`);
    const status = job.step === 'type' ? 'queued' : statusForStep(job.step);
    const budgetMicros =
      options.budgetMicros !== undefined && options.budgetMicros > job.budgetMicros ? options.budgetMicros : job.budgetMicros;
    const resumed = await tx.documentJob.updateMany({
      where: { id: job.id, status: job.status },
      data: { status, error: null, attempts: 0, runAfter: new Date(), budgetMicros, cancelRequested: false, finishedAt: null },
    });
    if (resumed.count === 0) throw new AppError('conflict', 'The document changed while resuming; try again.');
    return { status };
  });
}
