'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { fetchJson } from '@/components/api/fetch-json';

/** Older turns that leave the window are summarised by a cheap call; the person may turn that off. */
export function SummariesToggle({ chatId, enabled, onChanged }: { chatId: string; enabled: boolean; onChanged: () => void }) {
  const t = useTranslations('insights.summaries');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await fetchJson(`/api/chats/${chatId}`, { method: 'PATCH', body: { summariesEnabled: next } });
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="summaries-heading" className="text-sm">
      <h2 id="summaries-heading" className="font-semibold">
        {t('title')}
      </h2>
      <label className="mt-2 flex items-start gap-2 text-zinc-600 dark:text-zinc-400">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          checked={enabled}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="summaries-toggle"
        />
        <span>{t('explain')}</span>
      </label>
      {error && <p className="mt-1 text-red-700 dark:text-red-300">{error}</p>}
    </section>
  );
}
