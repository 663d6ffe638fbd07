'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { MemberRoleBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { SelectInput } from '@/components/ui/field';
import type { MemberRole } from '@/lib/documents/members';
import type { DocumentMemberJson as Member } from './document-types';

/** The document's members for its owner: change a role, or revoke access (effective on the member's next request). */
export function MemberList({ documentId, reloadKey }: { documentId: string; reloadKey: number }) {
  const t = useTranslations('documents.share');
  const [members, setMembers] = useState<Member[] | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const base = `/api/documents/${documentId}/members`;

  const load = useCallback(async () => {
    try {
      setMembers(await fetchJson<Member[]>(base));
    } catch (failure) {
      setResult({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    }
  }, [base]);
  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setResult({ ok: true, text: done });
    } catch (failure) {
      setResult({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    }
    await load();
  };

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-2">
      <h3 id="members-title" className="text-sm font-semibold">
        {t('members')}
      </h3>
      <p className="flex items-center gap-2 text-sm">
        <span className="min-w-0 flex-1">{t('you')}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('roles.owner')}</span>
      </p>
      {members?.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('noMembers')}</p>}
      <ul className="flex flex-col gap-2" data-testid="document-members">
        {members?.map((m) => (
          <li key={m.userId} className="flex items-center gap-2 text-sm">
            {/* one row on a phone too: the name and address wrap, the role and Remove keep their size */}
            <span className="flex min-w-0 flex-1 flex-col">
              {m.name !== null && <span className="font-medium break-words">{m.name}</span>}
              <span className={m.name === null ? 'break-all' : 'text-xs break-all text-zinc-600 dark:text-zinc-400'}>{m.email}</span>
            </span>
            <SelectInput
              className="w-auto shrink-0"
              aria-label={t('roleOf', { email: m.email })}
              value={m.role}
              onChange={(e) => {
                const role = e.target.value as MemberRole;
                void act(
                  () => fetchJson(`${base}/${m.userId}`, { method: 'PATCH', body: { role } satisfies MemberRoleBody }),
                  t('roleChanged', { email: m.email, role }),
                );
              }}
            >
              <option value="reviewer">{t('roles.reviewer')}</option>
              <option value="editor">{t('roles.editor')}</option>
            </SelectInput>
            <Button
              type="button"
              className="shrink-0"
              aria-label={t('removeLabel', { email: m.email })}
              onClick={() => void act(() => fetchJson(`${base}/${m.userId}`, { method: 'DELETE' }), t('removed', { email: m.email }))}
            >
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
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
