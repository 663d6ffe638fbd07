'use client';

import { Play, RotateCcw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ChatMessageJson } from '@/components/api/api-types';
import type { MessageStatus } from '@/lib/chat/turn/wire';
import { Button } from '@/components/ui/button';
import { CostLabel } from './cost-label';
import { StatusBadge } from './status-badge';

interface AnswerFooterProps {
  status: MessageStatus;
  modelLabel: string | null;
  record: ChatMessageJson | undefined;
  /** false where the answer's cost is shown elsewhere (side by side) */
  costShown?: boolean;
  actionsDisabled: boolean;
  onContinue: () => void;
  onRetry: () => void;
  /** more actions at the end of the line (copy, regenerate) */
  children?: ReactNode;
}

/** Model, status, continuations, cost, and the one action the status allows. */
export function AnswerFooter({
  status,
  modelLabel,
  record,
  costShown = true,
  actionsDisabled,
  onContinue,
  onRetry,
  children,
}: AnswerFooterProps) {
  const t = useTranslations('chat');
  const settled = status !== 'streaming' && !!record && record.status !== 'streaming';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      {modelLabel && <span className="font-medium text-zinc-600 dark:text-zinc-300">{modelLabel}</span>}
      <StatusBadge status={status} />
      {settled && record.continuations > 0 && <span title={t('continuedHint')}>{t('continued', { count: record.continuations })}</span>}
      {settled && costShown && (record.costMicros > 0 || record.usage.inputTokens > 0) && (
        <CostLabel costMicros={record.costMicros} usage={record.usage} />
      )}
      {settled && (status === 'stopped' || status === 'truncated') && (
        <Button size="sm" variant="secondary" onClick={onContinue} disabled={actionsDisabled} data-testid="continue-button">
          <Play className="size-3" aria-hidden />
          {t('continue')}
        </Button>
      )}
      {settled && status === 'error' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={onRetry}
          disabled={actionsDisabled}
          title={t('retryHint')}
          aria-description={t('retryHint')}
          data-testid="retry-button"
        >
          <RotateCcw className="size-3" aria-hidden />
          {t('retry')}
        </Button>
      )}
      {settled && children}
    </div>
  );
}
