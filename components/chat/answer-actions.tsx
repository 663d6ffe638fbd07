'use client';

import { Check, RefreshCw } from 'lucide-react';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

interface AnswerActionsProps {
  /** the answer's Markdown, as copied */
  text: string;
  disabled: boolean;
  /** only on the chat's last answer: reruns it with the model chosen in the composer */
  onRegenerate?: () => void;
  regenerateModel?: string | null;
  /** the button's words when "Regenerate" would not say what it does (after an error: another model) */
  regenerateLabel?: string;
}

const COPIED_MS = 2_000;

/** Copy an answer; regenerate the last one. */
export function AnswerActions({ text, disabled, onRegenerate, regenerateModel, regenerateLabel }: AnswerActionsProps) {
  const t = useTranslations('chat.actions');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard (an insecure context): select nothing, say nothing false
      setCopied(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-1">
      {text && (
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-1.5"
          onClick={() => void copy()}
          aria-label={copied ? t('copied') : t('copy')}
          title={copied ? t('copied') : t('copy')}
          data-testid="copy-answer"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <SpriteIcon name="copy" className="size-3.5" />}
          <span aria-live="polite" className={copied ? '' : 'sr-only'}>
            {copied ? t('copied') : ''}
          </span>
        </Button>
      )}
      {onRegenerate && (
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-1.5"
          onClick={onRegenerate}
          disabled={disabled}
          title={regenerateModel ? t('regenerateWith', { model: regenerateModel }) : t('regenerate')}
          data-testid="regenerate-button"
        >
          <RefreshCw className="size-3.5" aria-hidden />
          {regenerateLabel ?? t('regenerate')}
        </Button>
      )}
    </span>
  );
}
