'use client';

import { LogOut } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';

/** Ends this device's session and goes to the sign-in page (the sidebar's button, and "This device" on the account page). */
export function useSignOut(): () => Promise<void> {
  const t = useTranslations('shell');
  const router = useRouter();
  return async function signOut() {
    try {
      await fetchJson('/api/auth/sign-out', { method: 'POST', body: {} });
      router.replace('/sign-in');
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('signOutFailed'));
    }
  };
}

export function SignOutButton() {
  const t = useTranslations('shell');
  const signOut = useSignOut();
  return (
    <Tooltip content={t('signOut')}>
      <Button variant="ghost" size="icon" onClick={signOut} aria-label={t('signOut')}>
        <LogOut className="size-4" aria-hidden />
      </Button>
    </Tooltip>
  );
}
