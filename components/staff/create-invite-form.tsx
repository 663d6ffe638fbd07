'use client';

import { Copy, LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CreatedInviteJson as CreatedInvite, InviteBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Field, SelectInput, TextInput } from '@/components/ui/field';

const DAY_CHOICES = [1, 7, 14, 30];

/** Staff make a sign-up link; it is shown here once (the server keeps only its hash). */
export function CreateInviteForm() {
  const t = useTranslations('staff.invites.create');
  const router = useRouter();
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      const answer = await fetchJson<CreatedInvite>('/api/staff/invites', {
        method: 'POST',
        body: { email, days: Number(form.get('days')) } satisfies InviteBody,
      });
      setCreated(answer);
      formElement.reset();
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('copied'));
    } catch {
      // no clipboard permission (an http page, a locked-down browser): the field is selected for a manual copy
      (document.getElementById('invite-link') as HTMLInputElement | null)?.select();
    }
  }

  return (
    <section
      aria-labelledby="new-invite-title"
      className="max-w-2xl rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="new-invite-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-xs text-zinc-500">{t('lead')}</p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]" data-testid="create-invite-form">
        <Field label={t('email')} htmlFor="invite-email">
          <TextInput id="invite-email" name="email" type="email" autoComplete="off" aria-describedby="invite-email-hint" />
          <span id="invite-email-hint" className="text-xs text-zinc-500">
            {t('emailHint')}
          </span>
        </Field>
        <Field label={t('days')} htmlFor="invite-days">
          <SelectInput id="invite-days" name="days" defaultValue="7">
            {DAY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t('daysOption', { count: days })}
              </option>
            ))}
          </SelectInput>
        </Field>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 sm:col-span-2 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={pending} className="sm:col-span-2 sm:justify-self-start">
          {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {t('submit')}
        </Button>
      </form>
      {created && (
        <div className="mt-5 flex flex-col gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800" aria-live="polite">
          <Field label={t('link')} htmlFor="invite-link">
            <div className="flex gap-2">
              <TextInput
                id="invite-link"
                readOnly
                value={created.link}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="invite-link"
                className="font-mono text-xs"
              />
              <Button size="icon" onClick={() => copy(created.link)} aria-label={t('copy')} title={t('copy')}>
                <Copy className="size-4" aria-hidden />
              </Button>
            </div>
          </Field>
          {created.mailed && created.invite.email && (
            <p className="text-xs text-zinc-500">{t('mailed', { email: created.invite.email })}</p>
          )}
        </div>
      )}
    </section>
  );
}
