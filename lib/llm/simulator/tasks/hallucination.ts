import { allText } from '../conversation';
import { hasDirective } from '../directives';
import type { Language, ReplyContext } from '../types';

/**
 * `[sim:hallucinate]` adds a figure and a name that no fact supports, so the
 * fact check has something to catch; `[sim:hallucinate-once]` stops once
 * Quire regenerates (`Regeneration: 1`), so the retry path is exercised too.
 */
export function shouldHallucinate(context: ReplyContext): boolean {
  const text = allText(context.messages);
  if (hasDirective(text, 'hallucinate')) return true;
  return hasDirective(text, 'hallucinate-once') && !/Regeneration:\s*1\b/u.test(text);
}

const INVENTED_FIGURE = '73.4%';
const INVENTED_NAME = 'Zebulon Quark';

export const HALLUCINATED_SENTENCE: Record<Language, string> = {
  en: `In exactly ${INVENTED_FIGURE} of cases, the approach was endorsed by ${INVENTED_NAME}.`,
  ru: `Ровно в ${INVENTED_FIGURE} случаев этот подход одобрил ${INVENTED_NAME}.`,
  zh: `在恰好${INVENTED_FIGURE}的情况下，${INVENTED_NAME}认可了这一做法。`,
};
