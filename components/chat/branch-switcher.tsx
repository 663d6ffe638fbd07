'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ChatMessageJson } from '@/components/api/api-types';
import { Button } from '@/components/ui/button';

type Siblings = NonNullable<ChatMessageJson['siblings']>;

interface BranchSwitcherProps {
  siblings: Siblings;
  disabled: boolean;
  /** shows that sibling instead; the conversation below follows its branch */
  onShow: (messageId: string) => void;
}

/** ‹ n / m ›: the versions of a message (regenerated answers, edited questions), one shown at a time. */
export function BranchSwitcher({ siblings, disabled, onShow }: BranchSwitcherProps) {
  const t = useTranslations('chat.branches');
  const step = (id: string | null, label: string, icon: React.ReactNode, testId: string) => (
    <Button
      size="sm"
      variant="ghost"
      className="h-7 w-7 px-0"
      disabled={disabled || !id}
      onClick={() => id && onShow(id)}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {icon}
    </Button>
  );
  return (
    <nav
      aria-label={t('label')}
      className="inline-flex items-center text-xs text-zinc-600 dark:text-zinc-400"
      data-testid="branch-switcher"
    >
      {step(siblings.previousId, t('previous'), <ChevronLeft className="size-4" aria-hidden />, 'branch-previous')}
      <span className="min-w-[3ch] px-0.5 text-center tabular-nums" aria-hidden data-testid="branch-position">
        {siblings.index} / {siblings.count}
      </span>
      <span className="sr-only">{t('position', { index: siblings.index, count: siblings.count })}</span>
      {step(siblings.nextId, t('next'), <ChevronRight className="size-4" aria-hidden />, 'branch-next')}
    </nav>
  );
}
