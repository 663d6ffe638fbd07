'use client';

import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { fetchJson } from '@/components/api/fetch-json';
import { useSignOut } from '@/components/app-shell/sign-out-button';
import { LocalTime } from '@/components/format/local-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accountErrorMessage } from './account-error';
import { SECTION_CLASS } from './account-layout';

/** One signed-in session as the page hands it over (lib/auth/account-sessions.ts, dates as ISO strings). */
export interface SessionJson {
  id: string;
  browser: string | null;
  system: string | null;
  address: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

const PHONES = new Set(['iOS', 'iPadOS', 'Android']);

/** Where the person is signed in, this device first; any other can be signed out, or all of them at once. */
export function SessionList({ sessions }: { sessions: SessionJson[] }) {
  const t = useTranslations('account');
  const router = useRouter();
  const signOutHere = useSignOut();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  async function act(key: string, request: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await request();
      toast.success(done);
      router.refresh();
    } catch (caught) {
      toast.error(accountErrorMessage(t, caught, {}));
    } finally {
      setBusy(null);
    }
  }

  const deviceName = (session: SessionJson) =>
    session.browser && session.system
      ? t('sessions.device', { browser: session.browser, system: session.system })
      : session.browser
        ? t('sessions.browserOnly', { browser: session.browser })
        : session.system
          ? t('sessions.systemOnly', { system: session.system })
          : t('sessions.unknownDevice');

  return (
    <section aria-labelledby="sessions-title" className={SECTION_CLASS}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-title" className="text-base font-semibold">
            {t('sessions.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('sessions.lead')}</p>
        </div>
        {others > 0 && (
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() =>
              act('others', () => fetchJson('/api/auth/revoke-other-sessions', { method: 'POST', body: {} }), t('sessions.endedOthers'))
            }
          >
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </div>
      <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="session-list">
        {sessions.map((session) => {
          const name = deviceName(session);
          const Icon = session.system && PHONES.has(session.system) ? Smartphone : Monitor;
          return (
            <li key={session.id} className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0" data-testid="session">
              <Icon className="mt-0.5 size-5 shrink-0 text-zinc-500" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {name}
                  {session.current && <Badge tone="green">{t('sessions.thisDevice')}</Badge>}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
                  <dt>{t('sessions.address')}</dt>
                  <dd className="break-all">{session.address ?? t('sessions.unknownAddress')}</dd>
                  <dt>{t('sessions.signedIn')}</dt>
                  <dd>
                    <LocalTime iso={session.signedInAt} />
                  </dd>
                  <dt>{t('sessions.lastActive')}</dt>
                  <dd>
                    <LocalTime iso={session.lastActiveAt} />
                  </dd>
                </dl>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy !== null}
                aria-label={t('sessions.signOutDevice', { device: session.current ? t('sessions.thisDevice') : name })}
                onClick={() =>
                  session.current
                    ? signOutHere()
                    : act(
                        session.id,
                        () => fetchJson(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' }),
                        t('sessions.ended'),
                      )
                }
              >
                <LogOut className="size-3.5" aria-hidden />
                {t('sessions.signOut')}
              </Button>
            </li>
          );
        })}
      </ul>
      {others === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sessions.onlyThis')}</p>}
    </section>
  );
}
