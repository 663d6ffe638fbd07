'use client';

import { LoaderCircle, Search } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { CreditJson, LedgerEntryJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { LedgerTable } from '@/components/wallet/ledger-table';

/** Fired on window when credits were added, so the ledger reloads. */
export const LEDGER_CHANGED = 'quire:ledger-changed';

const transcriptHref = (chatId: string) => `/staff/transcripts/${chatId}`;

/** Any user's ledger by email (GET /api/staff/ledger?user=), everyone's when empty. */
export function StaffLedger({ initialEmail }: { initialEmail: string }) {
  const t = useTranslations('staff.ledger');
  const router = useRouter();
  const pathname = usePathname();
  const [email, setEmail] = useState(initialEmail);
  const [entries, setEntries] = useState<LedgerEntryJson[] | null>(null);
  const [credits, setCredits] = useState<CreditJson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (user: string) => {
      setLoading(true);
      setError(null);
      try {
        const query = user ? `?user=${encodeURIComponent(user)}` : '';
        const [ledger, topUps] = await Promise.all([
          fetchJson<LedgerEntryJson[]>(`/api/staff/ledger${query}`),
          fetchJson<CreditJson[]>(`/api/staff/credits${query}`),
        ]);
        setEntries(ledger);
        setCredits(topUps);
      } catch (caught) {
        setEntries([]);
        setCredits([]);
        setError(caught instanceof Error ? caught.message : t('loadFailed'));
      } finally {
        setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    setEmail(initialEmail);
    void load(initialEmail);
  }, [initialEmail, load]);

  useEffect(() => {
    const reload = () => void load(initialEmail);
    window.addEventListener(LEDGER_CHANGED, reload);
    return () => window.removeEventListener(LEDGER_CHANGED, reload);
  }, [initialEmail, load]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const user = email.trim();
    router.replace(user ? `${pathname}?user=${encodeURIComponent(user)}` : pathname);
  }

  return (
    <section aria-labelledby="staff-ledger-title" className="flex min-w-0 flex-col gap-4">
      <h2 id="staff-ledger-title" className="sr-only">
        {t('entries')}
      </h2>
      <form onSubmit={submit} className="flex items-end gap-2" role="search">
        <Field label={t('userEmail')} htmlFor="ledger-user" className="flex-1">
          <TextInput id="ledger-user" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('allUsers')} />
        </Field>
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden />
          {t('show')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      )}
      {entries === null || loading ? (
        <p className="flex items-center gap-2 text-sm text-zinc-500" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {t('loading')}
        </p>
      ) : (
        <LedgerTable entries={entries} credits={credits} chatHref={transcriptHref} showUser />
      )}
    </section>
  );
}
