'use client';

import { useTranslations } from 'next-intl';
import type { MessageStatus } from '@/lib/chat/turn/wire';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONE: Record<Exclude<MessageStatus, 'complete' | 'streaming'>, BadgeTone> = {
  stopped: 'neutral',
  truncated: 'amber',
  error: 'red',
};

/** Only answers that did not end normally get a badge; `complete` and `streaming` show none. */
export function StatusBadge({ status }: { status: MessageStatus }) {
  const t = useTranslations('chat.status');
  if (status === 'complete' || status === 'streaming') return null;
  return (
    <Badge tone={TONE[status]} data-testid={`status-${status}`}>
      {t(status)}
    </Badge>
  );
}
