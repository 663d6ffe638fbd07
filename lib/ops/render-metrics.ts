import type { Db } from '@/lib/db/client';
import { countWaitingJobs } from '@/lib/documents/pipeline/jobs/count-waiting-jobs';
import { metrics } from './metrics';
import { logError } from '@/lib/log';

/** The Prometheus text of this process; the queue depth is read now, at scrape time. */
export async function renderMetrics(db: Db): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  try {
    m.jobQueueDepth.set(await countWaitingJobs(db));
  } catch (error) {
    // the scrape still answers with everything else; the gauge keeps its last value
    logError({ event: 'metrics_queue_depth_error', error });
  }
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
