'use client';

import { MailCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';

/**
 * A staff-listed address that is not confirmed yet: staff rights wait for a
 * password chosen from the mailed link. Says where the link went (the mailbox, or the server log when no mail
 * server is set) and sends a fresh one on request.
 */
export function VerifyEmailBanner({ email, mailed }: { email: string; mailed: boolean }) {
  const t = useTranslations('shell.verify');
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      await fetchJson('/api/auth/request-password-reset', { method: 'POST', body: { email } });
      toast.success(t('sent'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <MailCheck className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">{mailed ? t('mailed', { email }) : t('logged')}</p>
      <Button size="sm" variant="secondary" onClick={resend} disabled={pending}>
        {t('resend')}
      </Button>
    </div>
  );
}
