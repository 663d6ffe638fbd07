/** The rules of robots.txt (RFC 9309) that apply to one user agent. */
export interface RobotsRules {
  rules: Array<{ allow: boolean; pattern: string }>;
}

export const ALLOW_ALL: RobotsRules = { rules: [] };
export const DISALLOW_ALL: RobotsRules = { rules: [{ allow: false, pattern: '/' }] };

/**
 * The groups naming `agent` (matched case-insensitively as a product token),
 * or else the `*` groups. Unknown lines are ignored, as the RFC asks.
 */
export function parseRobots(text: string, agent: string): RobotsRules {
  const groups: Array<{ agents: string[]; rules: RobotsRules['rules'] }> = [];
  let current: (typeof groups)[number] | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = match[1].toLowerCase();
    const value = match[2].trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (field !== 'allow' && field !== 'disallow')) continue;
    // an empty Disallow allows everything: it adds no rule
    if (value) current.rules.push({ allow: field === 'allow', pattern: value });
  }
  const token = agent.toLowerCase();
  const named = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const chosen = named.length > 0 ? named : groups.filter((g) => g.agents.includes('*'));
  return { rules: chosen.flatMap((g) => g.rules) };
}

/** The longest matching rule decides; on a tie Allow wins; no rule matching allows. */
export function robotsAllow(rules: RobotsRules, pathAndQuery: string): boolean {
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of rules.rules) {
    if (!patternMatches(rule.pattern, pathAndQuery)) continue;
    const length = rule.pattern.length;
    if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length };
  }
  return best?.allow ?? true;
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const matcher = new RegExp(`^${regex}${anchored ? '$' : ''}`);
  // rules may be written percent-encoded or not
  return matcher.test(path) || matcher.test(safeDecode(path));
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
