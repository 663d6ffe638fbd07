'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { CreditJson } from '@/components/api/api-types';
import { LocalTime } from '@/components/format/local-time';
import { formatUsd } from '@/components/format/money';
import { Badge } from '@/components/ui/badge';

/** A top-up in the ledger: what was added, why, and (for staff) to whom and by whom. */
export function LedgerCreditRow({ credit, showUser }: { credit: CreditJson; showUser: boolean }) {
  const t = useTranslations('wallet.table');
  const locale = useLocale();
  return (
    <tr className="border-t border-zinc-200 dark:border-zinc-800" data-testid="ledger-credit-row">
      <td className="px-2 py-2" />
      <td className="px-2 py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
        <LocalTime iso={credit.createdAt} />
      </td>
      {showUser && (
        <td className="max-w-[14rem] truncate px-2 py-2 text-zinc-600 dark:text-zinc-400" data-testid="ledger-user">
          {credit.userEmail ?? '—'}
        </td>
      )}
      <td className="max-w-[18rem] px-2 py-2" data-testid="ledger-for">
        <span className="block truncate" title={credit.reason}>
          {t('topUp', { reason: credit.reason })}
        </span>
        {showUser && credit.grantedByEmail && (
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
            {t('grantedBy', { email: credit.grantedByEmail })}
          </span>
        )}
      </td>
      <td className="px-2 py-2">
        <Badge tone="green">{t('credit')}</Badge>
      </td>
      <td className="px-2 py-2 text-right tabular-nums">—</td>
      <td className="px-2 py-2 text-right text-zinc-500 tabular-nums">—</td>
      <td
        className="px-4 py-2 text-right font-medium text-emerald-700 tabular-nums dark:text-emerald-400"
        data-testid="ledger-credit-amount"
      >
        +{formatUsd(credit.amountMicros, locale)}
      </td>
    </tr>
  );
}
