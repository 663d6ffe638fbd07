'use client';

import { FilePen, FilePlus2, Pin, Search, Wrench } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useSlotLabel } from '@/components/insights/slot-label';
import type { TurnDataParts } from './chat-ui-message';

/** A quiet line per tool the model used while answering. */
export function ToolActivity({ calls }: { calls: Array<TurnDataParts['tool']> }) {
  const t = useTranslations('chat.tools');
  const slotLabel = useSlotLabel();
  if (calls.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
      {calls.map((call, index) => {
        const input = call.input ?? {};
        const [Icon, text] =
          call.name === 'search_docs'
            ? [Search, t('searched', { query: String(input.query ?? '') })]
            : call.name === 'remember_fact'
              ? [Pin, t('pinned', { key: slotLabel(String(input.key ?? '')), value: String(input.value ?? '') })]
              : call.name === 'start_document'
                ? [FilePlus2, t('startedDocument', { request: String(input.request ?? '') })]
                : call.name === 'revise_section'
                  ? [FilePen, t('revisedSection', { section: String(input.section ?? ''), instruction: String(input.instruction ?? '') })]
                  : [Wrench, t('used', { name: call.name })];
        return (
          <li key={index} className="flex items-center gap-1.5">
            <Icon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
