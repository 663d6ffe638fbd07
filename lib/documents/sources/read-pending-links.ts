import { LinkError } from '@/lib/web/link-error';
import { commitFence } from '../pipeline/jobs/fence';
import type { StepContext } from '../pipeline/steps/step-context';
import type { ReadPage } from '@/lib/web/link-reader';

/** Links read at once for one job; the reader still keeps each host to one or two. */
export const LINKS_AT_ONCE = 4;
/** A page's paragraphs kept: research picks from every source each round, so one huge page must not swamp it. */
const MAX_LINK_PARAGRAPHS = 500;

/**
 * Reads the document's links still waiting (URL sources, search results) and
 * saves each as read, with its paragraphs, or failed, with the reason shown on
 * the document. Runs inside the research step under the job's lease: each
 * result commits behind the fence, with the job's fetch counters. A worker
 * that dies mid-read leaves the link pending and the next one reads it; one
 * already read is never fetched again (the source row is the per-document cache).
 */
export async function readPendingLinks(ctx: StepContext, onlyUrls?: string[]): Promise<void> {
  const pending = await ctx.deps.db.source.findMany({
    where: { documentId: ctx.document.id, status: 'pending', url: onlyUrls ? { in: onlyUrls } : { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { id: true, url: true },
  });
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const source = pending[next++];
      await readOne(ctx, source.id, source.url!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINKS_AT_ONCE, pending.length) }, worker));
}

async function readOne(ctx: StepContext, sourceId: string, url: string): Promise<void> {
  const started = Date.now();
  let page: ReadPage | null = null;
  let reason: string | null = null;
  try {
    page = await ctx.deps.linkReader.read(url, ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    // every failure is kept with its reason: a link is never silently dropped
    reason =
      error instanceof LinkError ? error.message : `The page could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  ctx.deps.crashPoint?.('research:after-fetch');
  const elapsed = Date.now() - started;
  await ctx.deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    const now = new Date();
    const saved = await tx.source.updateMany({
      where: { id: sourceId, status: 'pending' },
      data: page ? { status: 'read', title: page.title, unit: page.unit, fetchedAt: now } : { status: 'failed', reason, fetchedAt: now },
    });
    if (saved.count === 1 && page) {
      await tx.sourceParagraph.createMany({
        data: page.paragraphs.slice(0, MAX_LINK_PARAGRAPHS).map((text, i) => ({ sourceId, number: i + 1, text })),
        skipDuplicates: true,
      });
    }
    await tx.documentJob.update({ where: { id: ctx.lease.jobId }, data: { fetches: { increment: 1 }, fetchMs: { increment: elapsed } } });
  });
  ctx.deps.log({ event: 'link_read', documentId: ctx.document.id, url, ok: page !== null, reason, ms: elapsed });
}
