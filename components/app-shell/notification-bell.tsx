'use client';

import { Bell } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { NotificationList } from '@/components/documents/notification-list';
import { Button } from '@/components/ui/button';
import { DialogPanel } from '@/components/ui/dialog-panel';
import { useNotifications } from './notifications-provider';

/**
 * The navigation's bell: the unread count as a badge ("9+" past nine), and a
 * dialog with the unread notifications, each leading to its document (opening
 * it reads them), and "Mark all as read".
 */
export function NotificationBell() {
  const t = useTranslations('shell.notifications');
  const { unread, refresh, markAllRead } = useNotifications();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [listKey, setListKey] = useState(0);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);

  const more = unread.capped || unread.count > 9;
  const shown = more ? '9+' : String(unread.count);
  const label = unread.count === 0 ? t('label') : more ? t('labelMany') : t('labelUnread', { count: unread.count });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setFailed(null);
      setListKey((n) => n + 1);
      refresh();
    }
  };
  const markAll = async () => {
    try {
      await markAllRead();
      setListKey((n) => n + 1);
    } catch (failure) {
      setFailed(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        className="relative grid size-9 shrink-0 place-items-center rounded-lg text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Bell className="size-5" aria-hidden />
        {unread.count > 0 && (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-zinc-50 dark:bg-red-500 dark:text-white dark:ring-zinc-900"
          >
            {shown}
          </span>
        )}
      </Dialog.Trigger>
      <DialogPanel title={t('title')} description={t('description')} closeLabel={t('close')} testId="notifications-dialog">
        <NotificationList key={listKey} emptyText={t('empty')} />
        {failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failed}
          </p>
        )}
        <div className="flex justify-end">
          <Button onClick={() => void markAll()} disabled={unread.count === 0}>
            {t('markAllRead')}
          </Button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
