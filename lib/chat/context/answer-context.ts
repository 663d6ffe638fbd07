import type { BuiltPrompt, PromptParts } from './build-prompt';
import { hasInstructions, type Instructions } from './render-instructions';
import type { ContextRole, KeyFactView } from './types';

/**
 * What the model saw for one answer, stored with the answer (message meta `context`) when its
 * prompt is built, so the person and staff can see why it knew or did not know something:
 * the slots, the summary, the turns sent whole, the older messages recalled and the words that
 * recalled them, and each part's tokens and input cost. Message texts are referenced by id.
 */
export type AnswerContext = {
  model: string;
  inputTokens: number;
  /** micro-USD: tokens × the model's input price per million */
  costMicros: number;
  parts: Array<{ part: keyof PromptParts; tokens: number; costMicros: number }>;
  /** the person's and the chat's instructions as sent (absent on answers from before there were any) */
  instructions?: Instructions;
  slots: KeyFactView[];
  summary: string | null;
  window: Array<{ id: string; role: ContextRole; tokens: number }>;
  recalled: Array<{
    id: string;
    role: ContextRole;
    tokens: number;
    matched: string[];
    excerpt: boolean;
    /** a part of a file attached earlier: it is no message, so its text goes with the view */
    file?: { id: string; name: string; label: string; text: string };
  }>;
  /** the question's attached files: the parts sent (their text, cut for the view) and how many did not fit */
  files?: Array<{
    id: string;
    name: string;
    parts: Array<{ number: number; label: string; tokens: number; text: string }>;
    omitted: number;
  }>;
  /** older messages not sent (folded into the summary, or waiting to be) */
  omitted: number;
};

const PART_ORDER: Array<keyof PromptParts> = ['system', 'instructions', 'slots', 'summary', 'recalled', 'files', 'window', 'current'];

/** A part's text as the view shows it: enough to see what was sent, without a copy of the file in every answer's meta. */
export const SHOWN_PART_CHARS = 1_500;

/** A recalled file part's id in the prompt's recall list: `file:<file id>:<part number>` (lib/chat/files/recall-file-parts.ts). */
export type RecalledFilePart = { id: string; name: string; label: string; text: string };

export function describeAnswerContext(input: {
  model: { id: string; inputPrice: number };
  prompt: BuiltPrompt;
  slots: KeyFactView[];
  summary: string | null;
  instructions?: Instructions;
  /** the current message's files with their parts' texts, and the file parts among the recalled, by recall id */
  files?: ReadonlyArray<{ id: string; parts: ReadonlyArray<{ number: number; text: string }> }>;
  recalledFileParts?: ReadonlyMap<string, RecalledFilePart>;
}): AnswerContext {
  const shown = (text: string) => (text.length > SHOWN_PART_CHARS ? `${text.slice(0, SHOWN_PART_CHARS - 1)}…` : text);
  const cost = (tokens: number) => Math.round(tokens * input.model.inputPrice * 100) / 100;
  return {
    model: input.model.id,
    inputTokens: input.prompt.inputTokens,
    costMicros: cost(input.prompt.inputTokens),
    parts: PART_ORDER.filter((part) => input.prompt.parts[part] > 0).map((part) => ({
      part,
      tokens: input.prompt.parts[part],
      costMicros: cost(input.prompt.parts[part]),
    })),
    ...(input.instructions && hasInstructions(input.instructions) ? { instructions: input.instructions } : {}),
    slots: input.slots,
    summary: input.prompt.parts.summary > 0 ? input.summary : null,
    window: input.prompt.window,
    recalled: input.prompt.recalled.map((item) => {
      const part = input.recalledFileParts?.get(item.id);
      return part ? { ...item, file: { ...part, text: shown(part.text) } } : item;
    }),
    ...(input.prompt.files.length
      ? {
          files: input.prompt.files.map((file) => {
            const texts = input.files?.find((f) => f.id === file.id)?.parts;
            return {
              ...file,
              parts: file.parts.map((part) => ({ ...part, text: shown(texts?.find((t) => t.number === part.number)?.text ?? '') })),
            };
          }),
        }
      : {}),
    omitted: input.prompt.droppedIds.length,
  };
}
