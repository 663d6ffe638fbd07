'use client';

import { useTranslations } from 'next-intl';
import { INSTRUCTIONS_MAX_CHARS } from '@/lib/chat/limits';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';

/** One instructions box with its hint and a counter toward INSTRUCTIONS_MAX_CHARS (the server and the database hold the same limit). */
export function InstructionsTextarea({
  id,
  label,
  hint,
  value,
  onChange,
  rows = 4,
  loading = false,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  /** what the box holds is still being read: it takes no typing yet, which the text read would overwrite */
  loading?: boolean;
}) {
  const t = useTranslations('instructions');
  const over = value.length > INSTRUCTIONS_MAX_CHARS;
  return (
    <Field label={label} htmlFor={id}>
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        readOnly={loading}
        aria-busy={loading || undefined}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={over || undefined}
        className="w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-500/40 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <div className="flex justify-between gap-3 text-xs">
        <p id={`${id}-hint`} className="text-zinc-500">
          {hint}
        </p>
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={cn('shrink-0 tabular-nums', over ? 'font-medium text-red-700 dark:text-red-400' : 'text-zinc-500')}
        >
          {over ? t('tooLong', { max: INSTRUCTIONS_MAX_CHARS }) : t('counter', { count: value.length, max: INSTRUCTIONS_MAX_CHARS })}
        </p>
      </div>
    </Field>
  );
}
