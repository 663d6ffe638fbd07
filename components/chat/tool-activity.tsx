'use client';

import { FilePen, FilePlus2, Globe, Pin, Search, Wrench } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useKeyFactLabel } from '@/components/insights/key-fact-label';
import type { ToolCallData } from '@/lib/chat/turn/wire';

/** A quiet line per tool the model used while answering. */
export function ToolActivity({ calls }: { calls: ToolCallData[] }) {
  const t = useTranslations('chat.tools');
  const keyFactLabel = useKeyFactLabel();
  if (calls.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
      {calls.map((call, index) => {
        const [Icon, text] =
          call.name === 'search_docs'
            ? [Search, t('searched', { query: argument(call.input, 'query') })]
            : call.name === 'web_search'
              ? [Globe, t('searchedWeb', { query: argument(call.input, 'query') })]
              : call.name === 'remember_fact'
                ? [Pin, t('pinned', { key: keyFactLabel(argument(call.input, 'key')), value: argument(call.input, 'value') })]
                : call.name === 'start_document'
                  ? [FilePlus2, t('startedDocument', { request: argument(call.input, 'request') })]
                  : call.name === 'revise_section'
                    ? [
                        FilePen,
                        t('revisedSection', { section: argument(call.input, 'section'), instruction: argument(call.input, 'instruction') }),
                      ]
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

/** One argument of a tool call as text; the model's input is an object unless its call was malformed, which shows empty. */
function argument(input: unknown, key: string): string {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return value === undefined ? '' : String(value);
}
