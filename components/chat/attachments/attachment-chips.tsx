'use client';

import { AlertCircle, CheckCircle2, FileText, Loader2, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { formatFileSize } from '@/components/format/file-size';
import { cn } from '@/components/ui/cn';
import type { Attachment, AttachmentSize } from './attachment-rules';

const ICONS = { ready: FileText, uploading: Loader2, attached: CheckCircle2, failed: AlertCircle } as const;

/** The composer's files: what each is, how far its upload got, and why one was refused. */
export function AttachmentChips({ items, onRemove }: { items: Attachment[]; onRemove: (key: string) => void }) {
  const t = useTranslations('chat.attachments');
  const locale = useLocale();
  if (items.length === 0) return null;
  const sizeOf = (size: AttachmentSize) =>
    'bytes' in size ? formatFileSize(size.bytes, locale) : t(`size.${size.unit}`, { count: size.count });
  const waiting = items.some((a) => a.state === 'attached');
  return (
    <div className="flex flex-col gap-1.5 px-3 pt-3">
      <ul className="flex flex-wrap gap-2" aria-label={t('listLabel')} data-testid="attachment-list">
        {items.map((item) => {
          const Icon = item.removing ? Loader2 : ICONS[item.state];
          const percent = Math.round(item.progress * 100);
          const removable = item.state === 'ready' || item.state === 'failed' || (item.state === 'attached' && item.sourceId !== null);
          return (
            <li
              key={item.key}
              data-testid="attachment-chip"
              data-state={item.state}
              aria-busy={item.removing || undefined}
              className={cn(
                'relative flex max-w-full min-w-0 items-start gap-2 overflow-hidden rounded-lg border py-1.5 pr-1.5 pl-2 text-xs sm:max-w-72',
                item.state === 'failed'
                  ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
                  : 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
              )}
            >
              <Icon
                className={cn(
                  'mt-0.5 size-3.5 shrink-0',
                  (item.state === 'uploading' || item.removing) && 'animate-spin',
                  item.state === 'attached' && !item.removing && 'text-emerald-600 dark:text-emerald-400',
                )}
                aria-hidden
              />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className={cn('tabular-nums', item.state === 'failed' ? '' : 'text-zinc-500 dark:text-zinc-400')}>
                  {item.removing
                    ? t('removing')
                    : item.state === 'failed' && item.problem
                      ? item.problem
                      : t(`state.${item.state}`, { size: sizeOf(item.size), percent })}
                </span>
              </span>
              {removable ? (
                <button
                  type="button"
                  onClick={() => onRemove(item.key)}
                  disabled={item.removing}
                  aria-label={t('remove', { name: item.name })}
                  title={t('remove', { name: item.name })}
                  className="ml-auto shrink-0 rounded p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              ) : (
                <span className="w-1" aria-hidden />
              )}
              {item.state === 'uploading' && (
                <span
                  role="progressbar"
                  aria-label={t('uploadingLabel', { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="absolute inset-x-0 bottom-0 h-0.5 bg-zinc-200 dark:bg-zinc-700"
                >
                  <span className="block h-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {waiting && <p className="text-[11px] text-zinc-500">{t('waitingHint')}</p>}
    </div>
  );
}
