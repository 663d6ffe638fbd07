'use client';

import { Wallet } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatUsd } from '@/components/format/money';
import { useWallet } from './wallet-provider';

export function WalletIndicator() {
  const t = useTranslations('wallet');
  const locale = useLocale();
  const { wallet } = useWallet();
  return (
    <Link
      href="/wallet"
      className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
    >
      <Wallet className="size-4 text-zinc-500" aria-hidden />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-xs text-zinc-500">{t('balance')}</span>
        <span className="font-medium tabular-nums" data-testid="wallet-balance">
          {formatUsd(wallet.balanceMicros, locale)}
        </span>
      </span>
      {wallet.reservedMicros > 0 && (
        <span className="ml-auto text-right text-xs leading-tight text-amber-700 tabular-nums dark:text-amber-400">
          <span className="block">{t('pending')}</span>
          {formatUsd(wallet.reservedMicros, locale)}
        </span>
      )}
    </Link>
  );
}
