'use client';

import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ModelJson } from '@/components/api/api-types';
import { Badge } from '@/components/ui/badge';
import { useModelLabel } from './use-model-label';

/** Models grouped by the endpoint that serves them, in catalog order; one group without a name when there is one provider. */
function byProvider(models: ModelJson[]): Array<[string | null, ModelJson[]]> {
  const groups = new Map<string, ModelJson[]>();
  for (const model of models) {
    const key = model.provider ?? '';
    groups.set(key, [...(groups.get(key) ?? []), model]);
  }
  return groups.size <= 1 ? [[null, models]] : [...groups].map(([key, group]) => [key || null, group]);
}

/** A native select: keyboard, screen readers and tests all know how to drive it. */
export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
  label,
  testId = 'model-picker',
}: {
  models: ModelJson[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  /** what a screen reader calls it (default: "Model") */
  label?: string;
  testId?: string;
}) {
  const t = useTranslations('chat.composer');
  const labelOf = useModelLabel();
  const selected = models.find((m) => m.id === value);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label className="relative flex min-w-0 items-center">
        <span className="sr-only">{label ?? t('model')}</span>
        <select
          data-testid={testId}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 max-w-[16rem] min-w-0 appearance-none truncate rounded-md border border-zinc-200 bg-white py-0 pr-7 pl-2.5 text-xs font-medium text-zinc-700 hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
        >
          {byProvider(models).map(([provider, group]) =>
            // several providers: each model under its provider's name, so two "GPT-4.1"s can be told apart
            provider === null ? (
              group.map((model) => (
                <option key={model.id} value={model.id}>
                  {labelOf(model.label)}
                </option>
              ))
            ) : (
              <optgroup key={provider} label={provider}>
                {group.map((model) => (
                  <option key={model.id} value={model.id}>
                    {labelOf(model.label)}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
        <ChevronDown className="pointer-events-none absolute right-2 size-3.5 text-zinc-500" aria-hidden />
      </label>
      {selected?.simulated && testId === 'model-picker' && (
        <Badge tone="indigo" title={t('offlineDemoHint')} data-testid="offline-demo-badge">
          {t('offlineDemo')}
        </Badge>
      )}
    </div>
  );
}
