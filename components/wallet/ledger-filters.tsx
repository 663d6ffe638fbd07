'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { Field, SelectInput } from '@/components/ui/field';

interface LedgerFiltersProps {
  status: string;
  chatId: string;
  chats: Array<{ id: string; title: string }>;
}

/** Filters live in the address (?status=&chat=), so a filtered ledger can be linked and reloaded. */
export function LedgerFilters({ status, chatId, chats }: LedgerFiltersProps) {
  const t = useTranslations('wallet.filters');
  const titleOf = useChatTitle();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  function set(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    startTransition(() => router.replace(`${pathname}?${next.toString()}`));
  }

  return (
    <div className="flex flex-wrap gap-3" aria-busy={pending}>
      <Field label={t('status')} htmlFor="ledger-status" className="w-40">
        <SelectInput id="ledger-status" value={status} onChange={(e) => set('status', e.target.value)}>
          <option value="">{t('any')}</option>
          <option value="reserved">{t('reserved')}</option>
          <option value="settled">{t('settled')}</option>
          <option value="refunded">{t('refunded')}</option>
        </SelectInput>
      </Field>
      <Field label={t('chat')} htmlFor="ledger-chat" className="w-56">
        <SelectInput id="ledger-chat" value={chatId} onChange={(e) => set('chat', e.target.value)}>
          <option value="">{t('anyChat')}</option>
          {chats.map((chat) => (
            <option key={chat.id} value={chat.id}>
              {titleOf(chat.title)}
            </option>
          ))}
        </SelectInput>
      </Field>
    </div>
  );
}
