'use client';

import { Code, FileText, Lightbulb, Table } from 'lucide-react';
import { useTranslations } from 'next-intl';

const EXAMPLES = [
  { key: 'explain', icon: Lightbulb },
  { key: 'code', icon: Code },
  { key: 'table', icon: Table },
  { key: 'report', icon: FileText },
] as const;

/** A few things to ask on an empty chat, each showing something Quire does; a tap puts it in the composer to send or change. */
export function ExamplePrompts({ onPick }: { onPick: (text: string) => void }) {
  const t = useTranslations('chat.examples');
  return (
    <div className="mt-6 w-full text-left">
      <h3 className="sr-only">{t('heading')}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {EXAMPLES.map(({ key, icon: Icon }) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onPick(t(`${key}.prompt`))}
              className="flex h-full w-full items-start gap-2.5 rounded-xl border border-zinc-200 bg-white px-3.5 py-3 text-left text-sm transition-colors hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800"
              data-testid="example-prompt"
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-300" aria-hidden />
              <span>
                <span className="block font-medium text-zinc-900 dark:text-zinc-100">{t(`${key}.title`)}</span>
                <span className="mt-0.5 block text-zinc-600 dark:text-zinc-400">{t(`${key}.prompt`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
