'use client';

import { useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONE: Record<string, BadgeTone> = { reserved: 'amber', settled: 'green', refunded: 'neutral' };

export function LedgerStatusBadge({ status }: { status: string }) {
  const t = useTranslations('wallet.filters');
  return <Badge tone={TONE[status] ?? 'neutral'}>{TONE[status] ? t(status) : status}</Badge>;
}
