'use client';

import { LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CreditsBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { formatUsd, usdToMicros } from '@/components/format/money';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { LEDGER_CHANGED } from './staff-ledger';

/** Staff top up a wallet; dollars in the form, micro-USD on the wire. */
export function AddCreditsForm({ defaultEmail }: { defaultEmail: string }) {
  const t = useTranslations('staff.credits');
  const locale = useLocale();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // one key per filled-in form: a double click or a resend after a lost answer grants once; editing the form makes a new top-up
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    const amountMicros = usdToMicros(Number(String(form.get('amount') ?? '').replace(',', '.')));
    const reason = String(form.get('reason') ?? '').trim();
    if (!Number.isFinite(amountMicros) || amountMicros <= 0) {
      setError(t('amountInvalid'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await fetchJson('/api/staff/credits', {
        method: 'POST',
        body: { email, amountMicros, reason, idempotencyKey } satisfies CreditsBody,
      });
      toast.success(t('added', { amount: formatUsd(amountMicros, locale), email }));
      formElement.reset();
      setIdempotencyKey(newIdempotencyKey());
      // the ledger beside the form shows the new credit line even when it already lists this user
      window.dispatchEvent(new Event(LEDGER_CHANGED));
      router.replace(`/staff/ledger?user=${encodeURIComponent(email)}`);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="add-credits-title"
      className="h-fit rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="add-credits-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-xs text-zinc-500">{t('lead')}</p>
      <form
        onSubmit={submit}
        onInput={() => setIdempotencyKey(newIdempotencyKey())}
        className="mt-4 flex flex-col gap-3"
        data-testid="add-credits-form"
      >
        <Field label={t('email')} htmlFor="credit-email">
          <TextInput id="credit-email" name="email" type="email" required defaultValue={defaultEmail} key={defaultEmail} />
        </Field>
        <Field label={t('amount')} htmlFor="credit-amount">
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-500" aria-hidden>
              $
            </span>
            <TextInput
              id="credit-amount"
              name="amount"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              required
              className="pl-6"
            />
          </div>
        </Field>
        <Field label={t('reason')} htmlFor="credit-reason">
          <TextInput id="credit-reason" name="reason" required maxLength={500} placeholder={t('reasonPlaceholder')} />
        </Field>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {t('submit')}
        </Button>
      </form>
    </section>
  );
}

/** Random hex from getRandomValues, which (unlike randomUUID) also works on a plain-http address. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
