import { commitFence } from '../pipeline/jobs/fence';
import type { StepContext } from '../pipeline/steps/step-context';
import { publicSearchAllowed } from '@/lib/web/public-search';
import { readPendingLinks } from './read-pending-links';

/** Results of one query that research reads: the top few, as a person would. */
export const RESULTS_PER_QUERY = 3;

/**
 * The queries a section's research rounds search for, one per round: its
 * title in the document's context, then its brief. Later rounds read further
 * into pages already found, so they add no query.
 */
export function researchQueries(documentTitle: string, section: { title: string; brief: string }): string[] {
  const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160).trim();
  const queries = [clip(`${section.title} ${documentTitle}`), clip(section.brief.split(/(?<=[.!?])\s/)[0] ?? '')];
  return [...new Set(queries.filter((q) => q.length >= 3))];
}

/**
 * Public research for one section and round: search, keep the top results as
 * sources of the document (pending until read), read them. Their paragraphs
 * then reach the section like any attached file's. When the deployment or the
 * request does not allow it, nothing runs: no search request at all.
 */
export async function gatherPublicSources(ctx: StepContext, section: { title: string; brief: string }, round: number): Promise<void> {
  const { deps, document } = ctx;
  if (!publicSearchAllowed(deps.publicSources, document.allowPublicSources, deps.publicSearch)) return;
  const query = researchQueries(document.title, section)[round - 1];
  if (!query) return;
  const started = Date.now();
  let results: Array<{ title: string; url: string }> = [];
  let failure: string | null = null;
  try {
    results = (await deps.publicSearch.search(query, ctx.signal)).slice(0, RESULTS_PER_QUERY);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    // search is a help, not a requirement: the round goes on with what is already there
    failure = error instanceof Error ? error.message : String(error);
  }
  await deps.db.$transaction(async (tx) => {
    await commitFence(tx, ctx.lease);
    if (results.length > 0) {
      // (document, url) is unique: a page found again, or by another section, is the same source
      await tx.source.createMany({
        data: results.map((r) => ({
          ownerId: document.ownerId,
          documentId: document.id,
          kind: 'web',
          title: r.title.slice(0, 300),
          url: r.url,
          status: 'pending',
        })),
        skipDuplicates: true,
      });
    }
    await tx.documentJob.update({
      where: { id: ctx.lease.jobId },
      data: { searches: { increment: 1 }, fetchMs: { increment: Date.now() - started } },
    });
  });
  deps.log({
    event: 'public_search',
    documentId: document.id,
    provider: deps.publicSearch.name,
    query,
    results: results.length,
    error: failure,
  });
  if (results.length > 0)
    await readPendingLinks(
      ctx,
      results.map((r) => r.url),
    );
}
