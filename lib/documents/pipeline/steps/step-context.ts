import type { ModelInfo } from '@/lib/llm/catalog';
import type { JobLease } from '../jobs/job-lease';
import type { StepName } from '../jobs/job-steps';
import type { PipelineDeps } from '../pipeline-deps';

/** The job and document rows as a step reads them at the start of its unit of work. */
export interface JobSnapshot {
  id: string;
  step: StepName;
  status: string;
  researchRound: number;
  researchRounds: number;
  budgetMicros: bigint;
  startedPostedAt: Date | null;
  createdAt: Date;
}

export interface DocumentSnapshot {
  id: string;
  ownerId: string;
  chatId: string | null;
  request: string;
  title: string;
  type: string | null;
  sectionCount: number | null;
  allowPublicSources: boolean;
  summary: string | null;
}

export interface StepContext {
  deps: PipelineDeps;
  lease: JobLease;
  job: JobSnapshot;
  document: DocumentSnapshot;
  model: ModelInfo;
  /** aborted on cancel or a lost lease: the upstream request stops with it */
  signal: AbortSignal;
}

/**
 * One step of the state machine. `run` does ONE unit of work (at most one
 * model call and its commit, or a regeneration pair) and returns; the runner
 * re-reads the job and calls again, so every unit is a restart point.
 */
export interface PipelineStep {
  name: StepName;
  run(ctx: StepContext): Promise<void>;
}
