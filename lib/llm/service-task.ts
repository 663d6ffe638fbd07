/**
 * The header every request Quire writes for itself starts with: one line,
 * `Quire task: <name>`. Real models read it as context; the offline simulator
 * parses it (with `serviceTaskOf` below) to decide what to act out. Prompt
 * builders and the simulator both use this one list, so a renamed task is a
 * type error in both places rather than a silent fall-through to a chat answer.
 */
export const SERVICE_TASKS = [
  'summarize-chat',
  'continue-answer',
  'classify-document',
  'plan-document',
  'ask-questions',
  'research-round',
  'write-section',
  'rewrite-fragment',
  'summarize-document',
] as const;

export type ServiceTaskName = (typeof SERVICE_TASKS)[number];

const HEADER_PREFIX = 'Quire task: ';
const HEADER_LINE = /^\s*Quire task:\s*([\w-]+)/i;

/** The first line of a service prompt. */
export function taskHeader(task: ServiceTaskName): string {
  return `${HEADER_PREFIX}${task}`;
}

/** The name in a text's `Quire task:` first line, lowercased, known or not; null when there is none. */
export function taskNameOf(text: string): string | null {
  return HEADER_LINE.exec(text)?.[1]?.toLowerCase() ?? null;
}

export function isServiceTaskName(name: string | null): name is ServiceTaskName {
  return SERVICE_TASKS.some((task) => task === name);
}
