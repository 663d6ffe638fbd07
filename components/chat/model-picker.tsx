'use client';

import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ModelJson } from '@/components/api/api-types';
import { Badge } from '@/components/ui/badge';
import { useModelLabel } from './use-model-label';

/** A native select: keyboard, screen readers and tests all know how to drive it. */
export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: ModelJson[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('chat.composer');
  const labelOf = useModelLabel();
  const selected = models.find((m) => m.id === value);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label className="relative flex min-w-0 items-center">
        <span className="sr-only">{t('model')}</span>
        <select
          data-testid="model-picker"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 max-w-[16rem] min-w-0 appearance-none truncate rounded-md border border-zinc-200 bg-white py-0 pr-7 pl-2.5 text-xs font-medium text-zinc-700 hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
        >
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {labelOf(model.label)}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute right-2 size-3.5 text-zinc-500" aria-hidden />
      </label>
      {selected?.simulated && (
        <Badge tone="indigo" title={t('offlineDemoHint')} data-testid="offline-demo-badge">
          {t('offlineDemo')}
        </Badge>
      )}
    </div>
  );
}
