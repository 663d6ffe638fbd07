import { fencedBlock, labelledLine } from '../conversation';
import { detectLanguage } from '../language';
import { HALLUCINATED_SENTENCE, shouldHallucinate } from './hallucination';
import { FRAGMENT_TRANSFORMS } from './fragment-transforms';
import { withOuterWhitespace } from './fragment-tokens';
import type { ServiceTask } from './service-task';
import { taskInput } from './task-input';

/**
 * `Instruction: …` + the fragment between `<<<FRAGMENT` and `FRAGMENT>>>` →
 * ONLY the replacement text. Every transform keeps the fragment's `[^n]`
 * markers and emoji, and its outer whitespace, because Quire splices the
 * reply into the stored text as is.
 */
export const rewriteFragment: ServiceTask = {
  name: 'rewrite-fragment',
  reply: (context) => {
    const input = taskInput(context);
    const instruction = labelledLine(input, 'Instruction') ?? '';
    const fragment = fencedBlock(input, '<<<FRAGMENT', 'FRAGMENT>>>') ?? '';
    const language = detectLanguage(fragment);
    const transform = FRAGMENT_TRANSFORMS.find((candidate) => candidate.matches(instruction));
    return withOuterWhitespace(fragment, (body) => {
      const rewritten = transform ? transform.apply(body, language, instruction) : body;
      if (!shouldHallucinate(context)) return rewritten;
      return `${rewritten}${language === 'zh' ? '' : ' '}${HALLUCINATED_SENTENCE[language]}`;
    });
  },
};
