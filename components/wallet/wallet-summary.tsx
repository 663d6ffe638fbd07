'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useWallet } from '@/components/app-shell/wallet-provider';
import { formatUsd } from '@/components/format/money';

/** The live wallet (the same one the sidebar polls). */
export function WalletSummary() {
  const t = useTranslations('wallet');
  const locale = useLocale();
  const { wallet } = useWallet();
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
        <dt className="text-sm text-zinc-500">{t('balance')}</dt>
        <dd className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{formatUsd(wallet.balanceMicros, locale)}</dd>
        <dd className="mt-1 text-xs text-zinc-500">{t('balanceHint')}</dd>
      </div>
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
        <dt className="text-sm text-zinc-500">{t('pendingLong')}</dt>
        <dd className="mt-1 text-3xl font-semibold tracking-tight text-zinc-700 tabular-nums dark:text-zinc-300">
          {formatUsd(wallet.reservedMicros, locale)}
        </dd>
        <dd className="mt-1 text-xs text-zinc-500">{t('pendingHint')}</dd>
      </div>
    </dl>
  );
}
