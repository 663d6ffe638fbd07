'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ChatJson } from '@/components/api/api-types';
import { Button } from '@/components/ui/button';
import { CostChart } from './cost-chart';
import { KeyFacts } from './key-facts';
import { SummariesToggle } from './summaries-toggle';

interface InsightsPanelProps {
  id: string;
  chat: ChatJson;
  onChanged: () => void;
  onClose: () => void;
}

/** Beside the chat on wide screens; over it (with a close button) on narrower ones. */
export function InsightsPanel({ id, chat, onChanged, onClose }: InsightsPanelProps) {
  const t = useTranslations('insights');
  return (
    <aside
      id={id}
      aria-label={t('label')}
      className="fixed inset-y-0 right-0 z-30 flex w-80 max-w-[90vw] flex-col border-l border-zinc-200 bg-zinc-50 shadow-xl xl:static xl:z-auto xl:shadow-none dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex h-12 shrink-0 items-center justify-between border-b border-zinc-200 px-4 dark:border-zinc-800">
        <p className="text-sm font-semibold">{t('label')}</p>
        <Button variant="ghost" size="icon" className="size-8 xl:hidden" onClick={onClose} aria-label={t('close')}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-8 overflow-y-auto p-4">
        <KeyFacts chatId={chat.id} slots={chat.slots} onChanged={onChanged} />
        <CostChart messages={chat.messages} earlier={chat.earlierUsage} />
        <SummariesToggle chatId={chat.id} enabled={chat.summariesEnabled} onChanged={onChanged} />
      </div>
    </aside>
  );
}
