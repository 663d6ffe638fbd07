import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/errors';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { checkReplacement, type RewriteFlag } from './check-replacement';
import { fitReplacement, type FittedRewrite } from './fit-replacement';
import { replacementFromReply } from './replacement-text';
import { callRewriteModel, rewriteScope } from './rewrite-model-call';
import { fragmentContext, rewritePrompt, type Regeneration } from '@/lib/documents/pipeline/prompts/rewrite-fragment';
import type { RewriteTarget } from './rewrite-target';

export interface DraftedRewrite {
  fitted: FittedRewrite;
  /** empty: safe to apply; otherwise the reasons it is only proposed */
  flags: RewriteFlag[];
}

/**
 * Asks the model for the fragment's replacement and checks it by code; a
 * flagged reply is regenerated ONCE, told what to leave out. Both calls bill
 * to one ledger entry (one step key). A revision of a whole section is the
 * same rewrite over the range [0, body.length).
 */
export async function draftReplacement(
  deps: PipelineDeps,
  target: RewriteTarget,
  instruction: string,
  signal: AbortSignal,
  purpose: 'rewrite' | 'revise' = 'rewrite',
): Promise<DraftedRewrite> {
  const { facts } = target;
  const scope = rewriteScope(deps, target.document, signal);
  const call = { stepKey: `${purpose}:${target.section.id}:${randomUUID()}`, purpose };
  const context = fragmentContext(target.section.body, target.start, target.end);
  const attempt = async (regeneration: Regeneration | null): Promise<DraftedRewrite> => {
    const prompt = rewritePrompt({
      sectionTitle: target.section.title,
      instruction,
      fragment: target.fragment,
      context,
      facts,
      regeneration,
    });
    const replacement = replacementFromReply(await callRewriteModel(scope, call, prompt), target.fragment, target.section.title);
    // an empty reply is a failed call, not a request to delete: deleting is the editor's job
    if (replacement.trim() === '' && target.fragment.trim() !== '') {
      throw new AppError('upstream_error', 'The model returned no text. Nothing was changed; try again.');
    }
    const fitted = fitReplacement(target.section.body, target.start, target.end, replacement);
    if (!fitted) {
      throw new AppError(
        'unprocessable',
        'The rewrite could not be placed without changing text outside the selection. Select whole words or whole formatted pieces and try again.',
      );
    }
    const flags = checkReplacement({
      replacement: fitted.replacement,
      fragment: target.fragment,
      instruction,
      sectionTitle: target.section.title,
      facts,
      dismissed: target.dismissed,
    });
    return { fitted, flags };
  };
  const first = await attempt(null);
  if (first.flags.length === 0) return first;
  return attempt(regenerationFor(first.flags));
}

/** A lost marker is flagged with an empty range (it has no place in the reply); everything else is to leave out. */
function regenerationFor(flags: RewriteFlag[]): Regeneration {
  const lost = flags.filter((flag) => flag.kind === 'citation' && flag.start === flag.end);
  const unsupported = flags.filter((flag) => !lost.includes(flag));
  return { unsupported: [...new Set(unsupported.map((f) => f.token))], lostMarkers: [...new Set(lost.map((f) => f.token))] };
}
