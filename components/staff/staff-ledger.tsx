'use client';

import { LoaderCircle, Search } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { openedAtMessage } from '@/components/chat/chat-history';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { PagedLedger } from '@/components/wallet/paged-ledger';

/** Fired on window when credits were added, so the ledger reloads. */
export const LEDGER_CHANGED = 'quire:ledger-changed';

const transcriptHref = (chatId: string, messageId: string | null) => openedAtMessage(`/staff/transcripts/${chatId}`, messageId);

/** Any user's ledger by email (GET /api/staff/ledger?user=), everyone's when empty; a page at a time. */
export function StaffLedger({ initialEmail }: { initialEmail: string }) {
  const t = useTranslations('staff.ledger');
  const router = useRouter();
  const pathname = usePathname();
  const [email, setEmail] = useState(initialEmail);
  // credits added: the ledger is read again from its first page
  const [reads, setReads] = useState(0);

  useEffect(() => {
    setEmail(initialEmail);
  }, [initialEmail]);

  useEffect(() => {
    const reload = () => setReads((n) => n + 1);
    window.addEventListener(LEDGER_CHANGED, reload);
    return () => window.removeEventListener(LEDGER_CHANGED, reload);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const user = email.trim();
    router.replace(user ? `${pathname}?user=${encodeURIComponent(user)}` : pathname);
  }

  const query = initialEmail ? `?user=${encodeURIComponent(initialEmail)}` : '';
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
      <PagedLedger
        key={`${query}#${reads}`}
        entriesUrl={`/api/staff/ledger${query}`}
        creditsUrl={`/api/staff/credits${query}`}
        chatHref={transcriptHref}
        showUser
        loading={
          <p className="flex items-center gap-2 text-sm text-zinc-500" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {t('loading')}
          </p>
        }
      />
    </section>
  );
}
