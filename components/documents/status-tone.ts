import type { BadgeTone } from '@/components/ui/badge';

/** The badge colour of a document's job status (its words are in the `documents.status` messages). */
export function statusTone(status: string): BadgeTone {
  if (status === 'done') return 'green';
  if (status === 'failed' || status === 'cancelled') return 'red';
  if (status === 'paused' || status === 'awaiting_answers') return 'amber';
  return 'indigo';
}
