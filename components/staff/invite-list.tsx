'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { InviteJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import type { FetchedPage } from '@/components/api/fetch-page';
import { LocalTime } from '@/components/format/local-time';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';

const STATUS_TONE: Record<InviteJson['status'], BadgeTone> = { active: 'green', used: 'indigo', revoked: 'neutral', expired: 'amber' };

/** Every invite, newest first: the first page comes with the page, "Show more" reads the next. */
export function InviteList({ invites }: { invites: FetchedPage<InviteJson> }) {
  const t = useTranslations('staff.invites.list');
  const list = usePagedList('/api/staff/invites', invites);
  const [revoking, setRevoking] = useState<string | null>(null);

  async function revoke(id: string) {
    setRevoking(id);
    try {
      const revoked = await fetchJson<InviteJson>(`/api/staff/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });
      toast.success(t('revoked'));
      // changed where it stands: the pages read so far stay
      list.setItems((items) => items.map((invite) => (invite.id === id ? revoked : invite)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('revokeFailed'));
    } finally {
      setRevoking(null);
    }
  }

  const columns: DataTableColumn<InviteJson>[] = [
    {
      key: 'for',
      header: t('for'),
      cell: (invite) => invite.email ?? <span className="text-zinc-500">{t('anyone')}</span>,
    },
    {
      key: 'status',
      header: t('status'),
      cell: (invite) => <Badge tone={STATUS_TONE[invite.status]}>{t(`statuses.${invite.status}`)}</Badge>,
    },
    {
      key: 'created',
      header: t('created'),
      className: 'text-zinc-600 dark:text-zinc-400',
      cell: (invite) => (
        <>
          <span className="block whitespace-nowrap">
            <LocalTime iso={invite.createdAt} />
          </span>
          <span className="block text-xs text-zinc-500">{t('by', { email: invite.createdBy.email })}</span>
        </>
      ),
    },
    {
      key: 'expires',
      header: t('expires'),
      className: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (invite) => <LocalTime iso={invite.expiresAt} />,
    },
    {
      key: 'usedBy',
      header: t('usedBy'),
      className: 'text-zinc-600 dark:text-zinc-400',
      cell: (invite) => invite.usedBy?.email ?? '—',
    },
    {
      key: 'revoke',
      header: t('revoke'),
      headerHidden: true,
      align: 'right',
      cell: (invite) =>
        invite.status === 'active' && (
          <Button size="sm" variant="ghost" onClick={() => revoke(invite.id)} disabled={revoking === invite.id} data-testid="revoke-invite">
            {t('revoke')}
          </Button>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-2">
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.items ?? []}
        rowKey={(invite) => invite.id}
        rowAttributes={(invite) => ({ 'data-testid': 'invite-row', 'data-status': invite.status })}
        empty={t('empty')}
        className="min-w-[40rem]"
      />
      <LoadMore list={list} />
    </div>
  );
}
