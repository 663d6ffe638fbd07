'use client';

import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import type { KeyFactJson, KeyFactValueBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { KeyFactItem } from './key-fact-item';

interface KeyFactsProps {
  chatId: string;
  slots: KeyFactJson[];
  readOnly?: boolean;
  /** after an edit or removal: load the chat again */
  onChanged?: () => void;
}

/** The pinned facts every prompt carries; the person may correct or remove them. */
export function KeyFacts({ chatId, slots: keyFacts, readOnly, onChanged }: KeyFactsProps) {
  const t = useTranslations('insights.facts');
  const keyFactUrl = (key: string) => `/api/chats/${encodeURIComponent(chatId)}/slots/${encodeURIComponent(key)}`;

  async function save(key: string, value: string) {
    try {
      await fetchJson(keyFactUrl(key), { method: 'PATCH', body: { value } satisfies KeyFactValueBody });
      onChanged?.();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('saveFailed'));
      throw error;
    }
  }

  async function remove(key: string) {
    try {
      await fetchJson(keyFactUrl(key), { method: 'DELETE' });
      onChanged?.();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('removeFailed'));
    }
  }

  return (
    <section aria-labelledby="key-facts-title" className="flex flex-col gap-3">
      <div>
        <h2 id="key-facts-title" className="text-sm font-semibold">
          {t('title')}
        </h2>
        <p className="mt-0.5 text-xs text-zinc-500">{t('lead')}</p>
      </div>
      {keyFacts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-3 py-4 text-center text-xs text-zinc-500 dark:border-zinc-700">
          {t('empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {keyFacts.map((keyFact) => (
            <KeyFactItem key={keyFact.key} slot={keyFact} readOnly={readOnly} onSave={save} onRemove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}
