'use client';

import { Archive, Check, Download, Globe, Link2, MessageSquareText, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { AlertDialog, DropdownMenu } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ChatSummaryJson } from '@/components/api/api-types';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { MENU_CONTENT, MENU_ITEM } from '@/components/ui/menu';
import { chatActions } from './chat-actions';
import { ChatInstructionsDialog } from './chat-instructions-dialog';
import { ShareChatDialog } from './share-chat-dialog';

/** One chat in the list: its link, and a menu to rename, archive or delete it. */
export function ChatListItem({ chat }: { chat: ChatSummaryJson }) {
  const t = useTranslations('shell.chatMenu');
  const shell = useTranslations('shell');
  const tInstructions = useTranslations('instructions');
  const titleOf = useChatTitle();
  const router = useRouter();
  const pathname = usePathname();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [instructing, setInstructing] = useState(false);
  // the list keeps the rows it read: the switch holds what the server last said for this chat
  const [webSearch, setWebSearch] = useState(chat.webSearch);
  const href = `/chats/${chat.id}`;
  const active = pathname === href;
  const title = titleOf(chat.title);

  async function act(action: () => Promise<unknown>, leaving: boolean) {
    try {
      await action();
      // the chat on screen went away: home opens the newest remaining one
      if (leaving && active) router.push('/');
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('failed'));
    }
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    setRenaming(false);
    if (next && next !== title) await act(() => chatActions.rename(chat.id, next), false);
  }

  if (renaming) {
    return (
      <li>
        <form onSubmit={rename} className="px-1 py-0.5">
          <input
            name="title"
            defaultValue={title}
            maxLength={200}
            // biome-ignore lint/a11y/noAutofocus: the field appears because the person chose Rename
            autoFocus
            aria-label={t('renameLabel')}
            onBlur={(event) => event.currentTarget.form?.requestSubmit()}
            onKeyDown={(event) => event.key === 'Escape' && setRenaming(false)}
            className="w-full rounded-md border border-indigo-400 bg-white px-2 py-1 text-sm outline-none dark:bg-zinc-900"
          />
        </form>
      </li>
    );
  }

  return (
    <li className="group relative" data-testid="chat-list-item" data-chat-id={chat.id}>
      <Link
        href={href}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-sm text-zinc-700 hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800',
          active && 'bg-zinc-200/80 text-zinc-950 dark:bg-zinc-800 dark:text-zinc-50',
        )}
      >
        <span className="min-w-0 flex-1 truncate">{title}</span>
        {chat.status === 'closed' && (
          <span className="size-1.5 shrink-0 rounded-full bg-zinc-400 dark:bg-zinc-500" title={shell('closedChat')}>
            <span className="sr-only">{shell('closedChat')}</span>
          </span>
        )}
      </Link>
      {/* not modal: a modal menu hides the page from assistive tech while its links stay focusable (axe aria-hidden-focus) */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={t('open', { title })}
            data-testid="chat-menu"
            className="absolute top-1/2 right-1 grid size-6 -translate-y-1/2 place-items-center rounded text-zinc-500 hover:bg-zinc-300/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-700"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={MENU_CONTENT}>
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setRenaming(true)}>
              <Pencil className="size-3.5" aria-hidden />
              {t('rename')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setInstructing(true)} data-testid="chat-instructions">
              <MessageSquareText className="size-3.5" aria-hidden />
              {tInstructions('chatMenu')}
            </DropdownMenu.Item>
            {/* the person's switch; the deployment's PUBLIC_SOURCES=on must allow web search too (docs/chat.md) */}
            <DropdownMenu.CheckboxItem
              className={MENU_ITEM}
              checked={webSearch}
              onCheckedChange={(next) =>
                void act(async () => {
                  const saved = await chatActions.setWebSearch(chat.id, next === true);
                  setWebSearch(next === true);
                  toast.success(next === true ? t('webSearchOn') : t('webSearchOff'));
                  return saved;
                }, false)
              }
              data-testid="chat-web-search"
            >
              <Globe className="size-3.5" aria-hidden />
              <span className="flex-1">{t('webSearch')}</span>
              <DropdownMenu.ItemIndicator>
                <Check className="size-3.5" aria-hidden />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setSharing(true)} data-testid="share-chat">
              <Link2 className="size-3.5" aria-hidden />
              {t('shareLink')}
            </DropdownMenu.Item>
            {/* plain links: the browser downloads the file the route streams (its name from the chat's title) */}
            <DropdownMenu.Item className={MENU_ITEM} asChild>
              <a href={`/api/chats/${chat.id}/export?format=md`} download data-testid="export-markdown">
                <Download className="size-3.5" aria-hidden />
                {t('exportMarkdown')}
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={MENU_ITEM} asChild>
              <a href={`/api/chats/${chat.id}/export?format=json`} download data-testid="export-json">
                <Download className="size-3.5" aria-hidden />
                {t('exportJson')}
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void act(() => chatActions.archive(chat.id), true)}>
              <Archive className="size-3.5" aria-hidden />
              {t('archive')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={cn(MENU_ITEM, 'text-red-700 dark:text-red-400')} onSelect={() => setConfirming(true)}>
              <Trash2 className="size-3.5" aria-hidden />
              {t('delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ShareChatDialog chatId={chat.id} title={title} open={sharing} onOpenChange={setSharing} />
      <ChatInstructionsDialog chatId={chat.id} open={instructing} onOpenChange={setInstructing} />
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900">
            <AlertDialog.Title className="text-base font-semibold">{t('deleteTitle', { title })}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{t('deleteDescription')}</AlertDialog.Description>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="ghost">{t('cancel')}</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button variant="danger" onClick={() => void act(() => chatActions.remove(chat.id), true)}>
                  {t('deleteConfirm')}
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </li>
  );
}
