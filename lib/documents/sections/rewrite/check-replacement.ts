import { factCheck } from '@/lib/documents/canvas/fact-check';
import type { FactKind } from '@/lib/documents/canvas/fact-tokens';
import { citationMarkers, missingCitations } from '@/lib/documents/canvas/splice';

/** A reason not to apply a rewrite: an unsupported figure or name, or a citation marker lost or made up. */
export interface RewriteFlag {
  token: string;
  kind: FactKind | 'citation';
  /** UTF-16 offsets into the replacement; a lost marker has no place there, so it sits empty at the end */
  start: number;
  end: number;
}

export interface ReplacementCheckInput {
  replacement: string;
  fragment: string;
  instruction: string;
  sectionTitle: string;
  /** with the sentence each was quoted from (a web page's or a file's alike): both are the cited material */
  facts: Array<{ marker: number; text: string; quote?: string }>;
  /** figures and names a person vouched for by dismissing their flag */
  dismissed?: string[];
}

/**
 * Code, never the model, decides whether a rewrite may be applied: its
 * figures and names must come from the facts, the replaced fragment or the
 * person's instruction, and every marker of the fragment must survive (a
 * new marker must name one of the section's facts).
 */
export function checkReplacement(input: ReplacementCheckInput): RewriteFlag[] {
  const { replacement, fragment } = input;
  const facts: RewriteFlag[] = factCheck({
    text: replacement,
    facts: input.facts.flatMap((fact) => (fact.quote ? [fact.text, fact.quote] : [fact.text])),
    allowedSources: [fragment, input.instruction, input.sectionTitle, ...(input.dismissed ?? [])],
  }).flags;
  const lost = missingCitations(fragment, replacement).map((token) => ({
    token,
    kind: 'citation' as const,
    start: replacement.length,
    end: replacement.length,
  }));
  return [...facts, ...unknownMarkers(input), ...lost].sort((a, b) => a.start - b.start);
}

function unknownMarkers({ replacement, fragment, facts }: ReplacementCheckInput): RewriteFlag[] {
  const known = new Set([...citationMarkers(fragment), ...facts.map((fact) => `[^${fact.marker}]`)]);
  const flags: RewriteFlag[] = [];
  for (const match of replacement.matchAll(/(?<!\\)(?:\\\\)*(\[\^[^\]\s]+\])/g)) {
    const token = match[1];
    if (known.has(token)) continue;
    const start = match.index + match[0].length - token.length;
    flags.push({ token, kind: 'citation', start, end: start + token.length });
  }
  return flags;
}
