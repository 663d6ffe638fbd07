'use client';

import { FileText } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { formatFileSize } from '@/components/format/file-size';
import type { SentFile } from '@/lib/chat/turn/wire';

/** What a question was sent with: images as thumbnails, files as chips; each opens or downloads the file as uploaded. */
export function MessageFiles({ files }: { files: readonly SentFile[] }) {
  const t = useTranslations('chat.attachments');
  const locale = useLocale();
  return (
    <ul className="flex max-w-[85%] flex-wrap justify-end gap-2" aria-label={t('sentWith')} data-testid="message-files">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={file.url}
            target={file.kind === 'image' ? '_blank' : undefined}
            rel="noopener"
            download={file.kind === 'image' ? undefined : file.name}
            className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-white px-2 py-1.5 text-xs text-zinc-700 hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
            data-testid="message-file"
          >
            {file.kind === 'image' ? (
              // biome-ignore lint/performance/noImgElement: the person's own upload, served by the API (not a static asset)
              <img src={file.url} alt={file.name} className="size-16 rounded object-cover" />
            ) : (
              <FileText className="size-4 shrink-0" aria-hidden />
            )}
            <span className="max-w-40 truncate">{file.name}</span>
            <span className="text-zinc-500">{formatFileSize(file.size, locale)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
