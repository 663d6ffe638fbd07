import { taskHeader } from '@/lib/llm/service-task';
import type { ServicePrompt } from '@/lib/llm/service-prompt';

/** The summary replaces the previous one (it is not appended), so it is told to merge and stay short. */
const SUMMARY_INSTRUCTIONS = [
  taskHeader('summarize-chat'),
  'You maintain a running summary of a support conversation. Merge the new turns into the summary. ' +
    "Keep the user's goals, decisions, open questions and anything they said about their setup. " +
    'Drop greetings and step-by-step details. Answer with the updated summary only, under 60 words, ' +
    'in the language of the conversation.',
].join('\n');

export interface SummarizeChatInput {
  previousSummary: string | null;
  /** `User: …` / `Assistant: …` lines of the turns being folded, already cut to their gist */
  transcript: string;
}

/** The running summary's prompt: the previous summary and only the turns leaving the window, never the whole chat. */
export function summarizeChatPrompt(input: SummarizeChatInput): ServicePrompt {
  return {
    system: SUMMARY_INSTRUCTIONS,
    user: `Current summary:\n${input.previousSummary?.trim() || '(none yet)'}\n\nNew turns:\n${input.transcript}`,
  };
}
