'use client';

import { ChevronDown, Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { EXPORT_FORMATS } from '@/lib/documents/export/export-formats';
import { MENU_CONTENT, MENU_ITEM } from '@/components/ui/menu';

/** Export: one item per format; each is a plain link, so the browser downloads the file the route names after the title. */
export function ExportMenu({ documentId }: { documentId: string }) {
  const t = useTranslations('documents.actions');
  return (
    // not modal: a modal menu hides the page from assistive tech while its links stay focusable (axe aria-hidden-focus)
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="inline-flex h-8 items-center gap-1.5 rounded-md border border-zinc-200 px-2.5 text-xs font-medium hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          <Download className="size-3.5" aria-hidden /> {t('export')}
          <ChevronDown className="size-3.5" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={MENU_CONTENT}>
          {EXPORT_FORMATS.map((format) => (
            <DropdownMenu.Item key={format} className={MENU_ITEM} asChild>
              <a href={`/api/documents/${documentId}/export?format=${format}`} download>
                {t(`exportFormats.${format}`)}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
