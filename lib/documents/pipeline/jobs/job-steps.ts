/** The pipeline's steps in order (docs/architecture.md, problem 4) and the job status each one shows. */
export const STEP_ORDER = ['type', 'plan', 'questions', 'research', 'write', 'finalize', 'done'] as const;
export type StepName = (typeof STEP_ORDER)[number];

export type JobStatus =
  | 'queued'
  | 'planning'
  | 'awaiting_answers'
  | 'researching'
  | 'writing'
  | 'finalizing'
  | 'paused'
  | 'done'
  | 'cancelled'
  | 'failed';

/** The status a runnable job shows while it is at `step`. */
export function statusForStep(step: StepName): JobStatus {
  switch (step) {
    case 'type':
    case 'plan':
    case 'questions':
      return 'planning';
    case 'research':
      return 'researching';
    case 'write':
      return 'writing';
    case 'finalize':
      return 'finalizing';
    case 'done':
      return 'done';
  }
}

export function isStepName(value: string): value is StepName {
  return (STEP_ORDER as readonly string[]).includes(value);
}
