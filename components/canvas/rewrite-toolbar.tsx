'use client';

import { Sparkles, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';

const PRESETS = ['shorter', 'formal', 'grammar', 'expand'] as const;

interface RewriteToolbarProps {
  /** where the selection ends, relative to the section body */
  position: { top: number; left: number };
  /** move focus into the instruction field (opened from the keyboard) */
  autoFocus: boolean;
  onSubmit(instruction: string): void;
  onClose(): void;
}

/** The small floating form under a selection: an instruction, or one of the presets. */
export function RewriteToolbar({ position, autoFocus, onSubmit, onClose }: RewriteToolbarProps) {
  const t = useTranslations('canvas.toolbar');
  const locale = useLocale();
  const [instruction, setInstruction] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const translate = () => {
    // The preset needs a target language: prefill the field for the person to finish.
    setInstruction(t('presets.translateInstruction', { language: t(`languages.${locale === 'en' ? 'ru' : 'en'}`) }));
    requestAnimationFrame(() => input.current?.select());
    input.current?.focus();
  };

  return (
    <form
      aria-label={t('label')}
      data-testid="rewrite-toolbar"
      className="absolute z-30 flex w-[min(30rem,100%)] flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ top: position.top, left: position.left }}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (instruction.trim()) onSubmit(instruction.trim());
      }}
    >
      <div className="flex items-center gap-1.5">
        <label htmlFor={inputId} className="sr-only">
          {t('instruction')}
        </label>
        <input
          ref={input}
          id={inputId}
          value={instruction}
          onChange={(event) => setInstruction(event.target.value)}
          placeholder={t('placeholder')}
          maxLength={500}
          className="h-8 min-w-0 flex-1 rounded-md border border-zinc-200 bg-transparent px-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700"
        />
        <Button type="submit" size="sm" variant="primary" disabled={!instruction.trim()}>
          <Sparkles className="size-3.5" aria-hidden />
          {t('submit')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose} aria-label={t('close')}>
          <X className="size-3.5" aria-hidden />
        </Button>
      </div>
      <div role="group" aria-label={t('presetsLabel')} className="flex flex-wrap gap-1">
        {PRESETS.map((preset) => (
          <Button key={preset} size="sm" variant="secondary" onClick={() => onSubmit(t(`presets.${preset}Instruction`))}>
            {t(`presets.${preset}`)}
          </Button>
        ))}
        <Button size="sm" variant="secondary" onClick={translate}>
          {t('presets.translate')}
        </Button>
      </div>
    </form>
  );
}
