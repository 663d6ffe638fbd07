'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { ToggleGroup } from 'radix-ui';
import { useTheme, type ThemePreference } from './theme-provider';

const OPTIONS: Array<{ value: ThemePreference; icon: typeof Sun }> = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

export function ThemeToggle() {
  const t = useTranslations('shell.theme');
  const { preference, setPreference } = useTheme();
  return (
    <ToggleGroup.Root
      type="single"
      value={preference ?? ''}
      onValueChange={(value) => value && setPreference(value as ThemePreference)}
      aria-label={t('label')}
      className="inline-flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800/80"
    >
      {OPTIONS.map(({ value, icon: Icon }) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          aria-label={t(value)}
          title={t(value)}
          className="grid size-7 place-items-center rounded-md text-zinc-500 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=on]:bg-white data-[state=on]:text-zinc-900 data-[state=on]:shadow-sm dark:hover:text-zinc-100 dark:data-[state=on]:bg-zinc-950 dark:data-[state=on]:text-zinc-100"
        >
          <Icon className="size-3.5" aria-hidden />
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
