'use client';

import { ExternalLink } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { Citation } from '@/lib/chat/turn/wire';

/**
 * The numbered sources an answer cites ([1], [2]… in its text), each with the page's title and the
 * sentence quoted from it, as the tools read them; a number found twice (a Retry) shows once.
 */
export function AnswerSources({ citations }: { citations: Citation[] }) {
  const t = useTranslations('chat.sources');
  const seen = new Set<number>();
  const shown = citations.filter((c) => !seen.has(c.n) && seen.add(c.n));
  if (shown.length === 0) return null;
  return (
    <section aria-label={t('heading')} className="mt-3 border-t border-zinc-200 pt-2 dark:border-zinc-800" data-testid="answer-sources">
      <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t('heading')}</h3>
      <ol className="mt-1.5 flex flex-col gap-2">
        {shown.map((c) => (
          <li key={c.n} id={`source-${c.n}`} className="flex gap-2 text-sm" data-testid="answer-source" data-n={c.n}>
            <span className="shrink-0 font-medium text-zinc-500 tabular-nums dark:text-zinc-400">[{c.n}]</span>
            <div className="min-w-0 flex-1">
              <a
                href={c.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                aria-label={t('open', { title: c.title })}
                className="inline-flex max-w-full items-center gap-1 font-medium break-words text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
              >
                <span className="min-w-0 break-words">{c.title}</span>
                <ExternalLink className="size-3 shrink-0" aria-hidden />
              </a>
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{hostOf(c.url)}</p>
              {c.quote && (
                <blockquote className="mt-1 border-l-2 border-zinc-300 pl-2 text-zinc-700 italic dark:border-zinc-700 dark:text-zinc-300">
                  “{c.quote}”
                </blockquote>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
