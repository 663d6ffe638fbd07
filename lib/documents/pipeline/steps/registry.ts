import type { StepName } from '../jobs/job-steps';
import { finalizeStep } from './finalize-step';
import { planStep } from './plan-step';
import { questionsStep } from './questions-step';
import { researchStep } from './research-step';
import type { PipelineStep } from './step-context';
import { typeStep } from './type-step';
import { writeStep } from './write-step';

/** The state machine's steps in order; adding one is one module and one line here (and in job-steps.ts). */
export const PIPELINE_STEPS: readonly PipelineStep[] = [typeStep, planStep, questionsStep, researchStep, writeStep, finalizeStep];

export function stepFor(name: StepName): PipelineStep | undefined {
  return PIPELINE_STEPS.find((step) => step.name === name);
}
