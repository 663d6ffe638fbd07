/**
 * The document pages' words, in one place (English for now; ready to move into
 * the next-intl messages as a `documents` namespace).
 */
export const STATUS_LABEL: Record<string, string> = {
  queued: 'Queued',
  planning: 'Planning',
  awaiting_answers: 'Waiting for your answers',
  researching: 'Researching',
  writing: 'Writing',
  finalizing: 'Finishing',
  paused: 'Paused',
  done: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const STEP_LABEL: Record<string, string> = {
  type: 'Choosing the document type',
  plan: 'Planning the sections',
  questions: 'Questions before writing',
  research: 'Researching the sources',
  write: 'Writing the sections',
  finalize: 'Summary and export',
  done: 'Finished',
};

export const SECTION_STATUS_LABEL: Record<string, string> = {
  planned: 'Planned',
  ready: 'Researched',
  writing: 'Being written',
  written: 'Written',
  flagged: 'Flagged by the fact check',
};

export const FLAG_KIND_LABEL: Record<string, string> = { number: 'number', date: 'date', code: 'code', name: 'name' };

export type Tone = 'neutral' | 'amber' | 'red' | 'green' | 'indigo';

export function statusTone(status: string): Tone {
  if (status === 'done') return 'green';
  if (status === 'failed' || status === 'cancelled') return 'red';
  if (status === 'paused' || status === 'awaiting_answers') return 'amber';
  return 'indigo';
}
