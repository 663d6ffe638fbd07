'use client';

import { Columns2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ModelJson } from '@/components/api/api-types';
import { Button } from '@/components/ui/button';
import { MAX_SIDE_BY_SIDE } from '@/lib/chat/limits';
import { ModelPicker } from './model-picker';
import { useModelLabel } from './use-model-label';

/**
 * "Compare": more models that answer the next message side by side with the composer's model (up to
 * MAX_SIDE_BY_SIDE in all), each picked like the first and removable.
 */
export function CompareModels({
  models,
  model,
  compare,
  onChange,
  disabled,
}: {
  models: ModelJson[];
  /** the composer's model: the first answer */
  model: string;
  compare: string[];
  onChange: (compare: string[]) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('chat.sideBySide');
  const labelOf = useModelLabel();
  const taken = new Set([model, ...compare]);
  const free = models.filter((m) => !taken.has(m.id));
  return (
    <>
      {compare.map((id, index) => {
        const label = labelOf(models.find((m) => m.id === id)?.label ?? id);
        return (
          <span key={id} className="flex min-w-0 items-center">
            <ModelPicker
              models={models.filter((m) => m.id === id || !taken.has(m.id))}
              value={id}
              onChange={(next) => onChange(compare.map((c, i) => (i === index ? next : c)))}
              disabled={disabled}
              label={t('modelN', { n: index + 2 })}
              testId="compare-picker"
            />
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              onClick={() => onChange(compare.filter((_, i) => i !== index))}
              disabled={disabled}
              aria-label={t('remove', { model: label })}
              title={t('remove', { model: label })}
              data-testid="compare-remove"
            >
              <X className="size-3.5" aria-hidden />
            </Button>
          </span>
        );
      })}
      {compare.length < MAX_SIDE_BY_SIDE - 1 && free.length > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          onClick={() => onChange([...compare, free[0]!.id])}
          disabled={disabled}
          title={t('compareHint')}
          data-testid="compare-add"
        >
          <Columns2 className="size-3.5" aria-hidden />
          {/* a phone's one line of controls keeps room for the model's name: the icon, named for screen readers */}
          <span className="sr-only sm:not-sr-only">{compare.length ? t('addModel') : t('compare')}</span>
        </Button>
      )}
    </>
  );
}
