'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { PersonJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import type { FetchedPage } from '@/components/api/fetch-page';
import { LocalTime } from '@/components/format/local-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';

/**
 * Every account, newest first, with Deactivate (after a question: it signs the
 * person out everywhere) and Reactivate. The staff member's own row has no
 * Deactivate: another staff member does that.
 */
export function PeopleList({ firstUrl, people, selfId }: { firstUrl: string; people: FetchedPage<PersonJson>; selfId: string }) {
  const t = useTranslations('staff.people');
  const list = usePagedList(firstUrl, people);
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<PersonJson | null>(null);

  async function setActive(person: PersonJson, active: boolean) {
    setBusy(person.id);
    try {
      const changed = await fetchJson<PersonJson>(`/api/staff/people/${encodeURIComponent(person.id)}/deactivation`, {
        method: active ? 'DELETE' : 'POST',
      });
      toast.success(t(active ? 'reactivatedToast' : 'deactivatedToast', { email: person.email }));
      list.setItems((items) => items.map((row) => (row.id === person.id ? changed : row)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('failed'));
    } finally {
      setBusy(null);
    }
  }

  const columns: DataTableColumn<PersonJson>[] = [
    {
      key: 'person',
      header: t('person'),
      cell: (person) => (
        <>
          <span className="block font-medium break-all">{person.email}</span>
          <span className="block text-xs text-zinc-500">{person.name}</span>
        </>
      ),
    },
    {
      key: 'role',
      header: t('role'),
      cell: (person) => (
        <Badge tone={person.role === 'staff' ? 'indigo' : 'neutral'}>{t(person.role === 'staff' ? 'staffRole' : 'userRole')}</Badge>
      ),
    },
    {
      key: 'joined',
      header: t('joined'),
      className: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (person) => <LocalTime iso={person.createdAt} />,
    },
    {
      key: 'state',
      header: t('state'),
      cell: (person) => (person.deactivatedAt ? <Badge tone="red">{t('deactivated')}</Badge> : <Badge tone="green">{t('active')}</Badge>),
    },
    {
      key: 'actions',
      header: t('actions'),
      headerHidden: true,
      align: 'right',
      cell: (person) =>
        person.deactivatedAt ? (
          <Button size="sm" variant="secondary" disabled={busy === person.id} onClick={() => setActive(person, true)}>
            {t('reactivate')}
          </Button>
        ) : (
          person.id !== selfId && (
            <Button size="sm" variant="ghost" disabled={busy === person.id} onClick={() => setAsking(person)}>
              {t('deactivate')}
            </Button>
          )
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-2">
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.items ?? []}
        rowKey={(person) => person.id}
        rowAttributes={(person) => ({ 'data-testid': 'person-row', 'data-email': person.email })}
        empty={t('empty')}
        className="min-w-[36rem]"
      />
      <LoadMore list={list} />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('confirmTitle', { email: asking?.email ?? '' })}
        description={t('confirmDescription')}
        confirmLabel={t('deactivate')}
        keepLabel={t('keep')}
        onConfirm={() => asking && setActive(asking, false)}
      />
    </div>
  );
}
