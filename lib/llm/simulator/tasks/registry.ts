import { askQuestions } from './ask-questions';
import { classifyDocument } from './classify-document';
import { planDocument } from './plan-document';
import { researchRound } from './research-round';
import { rewriteFragment } from './rewrite-fragment';
import type { ServiceTask } from './service-task';
import { summarizeChat, summarizeDocument } from './summaries';
import { writeSection } from './write-section';

/** Quire's service tasks by the name in `Quire task: <name>`; adding one is one module and one line. */
export const SERVICE_TASKS: readonly ServiceTask[] = [
  summarizeChat,
  classifyDocument,
  planDocument,
  askQuestions,
  researchRound,
  writeSection,
  rewriteFragment,
  summarizeDocument,
];

export function findServiceTask(name: string): ServiceTask | undefined {
  return SERVICE_TASKS.find((task) => task.name === name);
}
