'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { FactFlagJson, PendingProposal } from './canvas-types';

interface ProposalCardProps {
  proposal: PendingProposal;
  busy: boolean;
  onAccept(): void;
  onReject(): void;
}

/** A rewrite the fact check held back: the proposed text with the unsupported tokens marked. */
export function ProposalCard({ proposal, busy, onAccept, onReject }: ProposalCardProps) {
  const t = useTranslations('canvas.proposal');
  return (
    <section
      aria-label={t('title')}
      data-testid="rewrite-proposal"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-950/40"
    >
      <h3 className="font-medium text-amber-900 dark:text-amber-200">{t('title')}</h3>
      <p className="text-amber-900 dark:text-amber-200">
        {t('explanation', { tokens: proposal.flags.map((flag) => `“${flag.token}”`).join(', ') })}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <h4 className="mb-1 text-xs font-medium text-zinc-500">{t('original')}</h4>
          <p className="whitespace-pre-wrap rounded-md bg-white p-2 dark:bg-zinc-900">{proposal.original}</p>
        </div>
        <div>
          <h4 className="mb-1 text-xs font-medium text-zinc-500">{t('replacement')}</h4>
          <p className="whitespace-pre-wrap rounded-md bg-white p-2 dark:bg-zinc-900" data-testid="proposal-text">
            {withFlagsMarked(proposal.replacement, proposal.flags, t('flagged'))}
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button size="sm" disabled={busy} onClick={onReject}>
          {t('reject')}
        </Button>
        <Button size="sm" variant="primary" disabled={busy} onClick={onAccept}>
          {t('accept')}
        </Button>
      </div>
    </section>
  );
}

/** Marks each flag by its offsets into the text; a flag whose offsets do not fit is found by its token. */
function withFlagsMarked(text: string, flags: FactFlagJson[], label: string): ReactNode[] {
  const spans = flags
    .map((flag) => (text.slice(flag.start, flag.end) === flag.token ? { start: flag.start, end: flag.end } : locate(text, flag.token)))
    .filter((span): span is { start: number; end: number } => span !== null)
    .sort((a, b) => a.start - b.start);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    parts.push(text.slice(at, span.start));
    parts.push(
      <mark
        key={span.start}
        title={label}
        className="canvas-flagged rounded-sm bg-red-100 px-0.5 text-red-900 underline decoration-red-500 decoration-wavy dark:bg-red-950 dark:text-red-200"
      >
        {text.slice(span.start, span.end)}
        <span className="sr-only"> ({label})</span>
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts;
}

function locate(text: string, token: string): { start: number; end: number } | null {
  const start = token ? text.indexOf(token) : -1;
  return start < 0 ? null : { start, end: start + token.length };
}
