'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MemberRoleBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/field';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import type { MemberRole } from '@/lib/documents/members';
import type { DocumentMemberJson as Member } from './document-types';

const memberKey = (member: Member) => member.userId;

/**
 * The document's members for its owner, newest share first, a page at a time:
 * change a role, or revoke access (effective on the member's next request).
 * A change is made where the member stands, so the pages read so far stay.
 */
export function MemberList({ documentId }: { documentId: string }) {
  const t = useTranslations('documents.share');
  const base = `/api/documents/${documentId}/members`;
  const list = usePagedList(base, undefined, memberKey);
  const members = list.items;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const act = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      setResult({ ok: true, text: done });
    } catch (failure) {
      setResult({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
      await list.reload();
    }
  };
  const changeRole = (member: Member, role: MemberRole) =>
    act(
      async () => {
        await fetchJson(`${base}/${member.userId}`, { method: 'PATCH', body: { role } satisfies MemberRoleBody });
        list.setItems((items) => items.map((m) => (m.userId === member.userId ? { ...m, role } : m)));
      },
      t('roleChanged', { email: member.email, role }),
    );
  const remove = (member: Member) =>
    act(
      async () => {
        await fetchJson(`${base}/${member.userId}`, { method: 'DELETE' });
        list.setItems((items) => items.filter((m) => m.userId !== member.userId));
      },
      t('removed', { email: member.email }),
    );

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-2">
      <h3 id="members-title" className="text-sm font-semibold">
        {t('members')}
      </h3>
      <p className="flex items-center gap-2 text-sm">
        <span className="min-w-0 flex-1">{t('you')}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('roles.owner')}</span>
      </p>
      {members?.length === 0 && !list.hasMore && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('noMembers')}</p>}
      <ul className="flex flex-col gap-2" data-testid="document-members">
        {members?.map((m) => (
          <li key={m.userId} className="flex items-center gap-2 text-sm">
            {/* one row on a phone too: the name and address wrap, the role and Remove keep their size */}
            <span className="flex min-w-0 flex-1 flex-col">
              {m.name !== null && <span className="font-medium break-words">{m.name}</span>}
              <span className={m.name === null ? 'break-all' : 'text-xs break-all text-zinc-600 dark:text-zinc-400'}>{m.email}</span>
              {/* an invitation waiting for its account and a member who has not looked yet read alike: the list says nothing of who has an account */}
              {m.name === null && <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('notOpened')}</span>}
            </span>
            <SelectInput
              className="w-auto shrink-0"
              aria-label={t('roleOf', { email: m.email })}
              value={m.role}
              onChange={(e) => void changeRole(m, e.target.value as MemberRole)}
            >
              <option value="reviewer">{t('roles.reviewer')}</option>
              <option value="editor">{t('roles.editor')}</option>
            </SelectInput>
            <Button type="button" className="shrink-0" aria-label={t('removeLabel', { email: m.email })} onClick={() => void remove(m)}>
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'}
        >
          {result.text}
        </p>
      )}
    </section>
  );
}
