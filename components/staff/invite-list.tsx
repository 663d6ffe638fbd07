'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { InviteJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { LocalTime } from '@/components/format/local-time';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const STATUS_TONE: Record<InviteJson['status'], BadgeTone> = { active: 'green', used: 'indigo', revoked: 'neutral', expired: 'amber' };

export function InviteList({ invites }: { invites: InviteJson[] }) {
  const t = useTranslations('staff.invites.list');
  const router = useRouter();
  const [revoking, setRevoking] = useState<string | null>(null);

  async function revoke(id: string) {
    setRevoking(id);
    try {
      await fetchJson(`/api/staff/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });
      toast.success(t('revoked'));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('revokeFailed'));
    } finally {
      setRevoking(null);
    }
  }

  if (invites.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700">
        {t('empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left font-medium">
              {t('for')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('status')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('created')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('expires')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('usedBy')}
            </th>
            <th scope="col" className="px-4 py-2.5">
              <span className="sr-only">{t('revoke')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr
              key={invite.id}
              className="border-t border-zinc-200 dark:border-zinc-800"
              data-testid="invite-row"
              data-status={invite.status}
            >
              <td className="px-4 py-2.5">{invite.email ?? <span className="text-zinc-500">{t('anyone')}</span>}</td>
              <td className="px-2 py-2.5">
                <Badge tone={STATUS_TONE[invite.status]}>{t(`statuses.${invite.status}`)}</Badge>
              </td>
              <td className="px-2 py-2.5 text-zinc-600 dark:text-zinc-400">
                <span className="block whitespace-nowrap">
                  <LocalTime iso={invite.createdAt} />
                </span>
                <span className="block text-xs text-zinc-500">{t('by', { email: invite.createdBy.email })}</span>
              </td>
              <td className="px-2 py-2.5 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                <LocalTime iso={invite.expiresAt} />
              </td>
              <td className="px-2 py-2.5 text-zinc-600 dark:text-zinc-400">{invite.usedBy?.email ?? '—'}</td>
              <td className="px-4 py-2.5 text-right">
                {invite.status === 'active' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => revoke(invite.id)}
                    disabled={revoking === invite.id}
                    data-testid="revoke-invite"
                  >
                    {t('revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
