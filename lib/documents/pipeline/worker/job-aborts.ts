/**
 * The in-process half of cancel: the abort handles of the jobs this process is
 * running. Kept on globalThis because Next bundles route handlers separately
 * from the server script that runs the worker, and both must see one registry.
 */
type AbortJob = (reason: string) => void;

/** The abort reason when the job's document was deleted: the worker stops as if it had lost the lease (the row is gone). */
export const JOB_DELETED = 'deleted';

const key = Symbol.for('quire.job-aborts');
type GlobalWithAborts = typeof globalThis & { [key]?: Map<string, Set<AbortJob>> };

function registry(): Map<string, Set<AbortJob>> {
  const g = globalThis as GlobalWithAborts;
  g[key] ??= new Map();
  return g[key];
}

export function registerJobAbort(jobId: string, abort: AbortJob): () => void {
  const map = registry();
  const set = map.get(jobId) ?? new Set();
  set.add(abort);
  map.set(jobId, set);
  return () => {
    set.delete(abort);
    if (set.size === 0) map.delete(jobId);
  };
}

/** Aborts the job's current step if this process runs it; returns whether it did. */
export function abortJobHere(jobId: string, reason: string): boolean {
  const set = registry().get(jobId);
  for (const abort of set ?? []) abort(reason);
  return Boolean(set?.size);
}
