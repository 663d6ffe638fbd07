/**
 * What the person told Quire to keep in mind: about themselves and how to answer (their
 * settings), and the instructions of this one chat. Pinned in every turn's system message
 * right after Quire's own prompt, like key facts: never cut, never folded into the summary.
 */
export type Instructions = {
  aboutMe: string;
  answerStyle: string;
  /** this chat's own instructions */
  chat: string;
};

export const NO_INSTRUCTIONS: Instructions = { aboutMe: '', answerStyle: '', chat: '' };

export function hasInstructions(instructions: Instructions): boolean {
  return Boolean(instructions.aboutMe.trim() || instructions.answerStyle.trim() || instructions.chat.trim());
}

export function renderInstructions(instructions: Instructions): string {
  const blocks = [
    ['About the user, in their words:', instructions.aboutMe],
    ['How the user wants answers:', instructions.answerStyle],
    ['The user’s instructions for this chat:', instructions.chat],
  ]
    .filter(([, text]) => text!.trim())
    .map(([heading, text]) => `${heading}\n${text!.trim()}`);
  if (blocks.length === 0) return '';
  // the person's wishes shape the answer; they do not lift the rules above them (billing, tools, other users' data)
  return [...blocks, 'Follow these unless they conflict with the rules above.'].join('\n\n');
}
