import { rememberedFact } from '../intents';
import { lastMessageIsUser, toolReply, type ChatScenario } from './chat-scenario';

export const REMEMBER_FACT = 'remember_fact';

const KNOWN_KEY_FACTS: { key: string; pattern: RegExp }[] = [
  { key: 'os', pattern: /windows(?:\s*\d+)?|mac\s?os|macos|linux|ubuntu|debian|fedora|android|ios|chrome\s?os/iu },
  { key: 'client_version', pattern: /(?:version|верси[яюи]|版本)\s*v?(\d+(?:\.\d+)+)/iu },
  {
    key: 'plan',
    pattern:
      /(free|pro|business|enterprise|team|premium)\s+(?:plan|tier)|тариф\S*\s*(?:—|-|:|это)?\s*«?([\p{L}\d-]+)»?|(免费|专业|企业)版/iu,
  },
];

const MY_X_IS_Y = [
  /^(?:my|our)\s+(.+?)\s+(?:is|are)\s+(.+)$/iu,
  /^(?:мой|моя|моё|мое|мои|наш|наша)\s+(.+?)\s*(?:—|-|–|это|:)\s*(.+)$/iu,
  /^(?:我的|我们的)(.+?)是(.+)$/u,
];

/** Turns "I'm on Windows 11" into {key: "os", value: "Windows 11"}, "my X is Y" into {x: Y}. */
export function factToKeyFact(fact: string): { key: string; value: string } {
  for (const { key, pattern } of KNOWN_KEY_FACTS) {
    const match = pattern.exec(fact);
    if (match) return { key, value: (match.slice(1).find(Boolean) ?? match[0]).trim() };
  }
  for (const pattern of MY_X_IS_Y) {
    const match = pattern.exec(fact.trim());
    if (match) return { key: slug(match[1]), value: match[2].trim() };
  }
  return { key: 'note', value: fact };
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .trim()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join('_') || 'note'
  );
}

/** "Remember that …" with the tool on offer: a `remember_fact` call. */
export const rememberFact: ChatScenario = {
  name: 'remember-fact',
  matches: (context) => context.tools.includes(REMEMBER_FACT) && lastMessageIsUser(context) && rememberedFact(context.userText) !== null,
  reply: (context) => toolReply(REMEMBER_FACT, factToKeyFact(rememberedFact(context.userText) ?? context.userText)),
};
