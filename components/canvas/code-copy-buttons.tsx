'use client';

import { Check, Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type RefObject } from 'react';

interface Placement {
  top: number;
  right: number;
}

const COPIED_MS = 2_000;

/** The code blocks of a section's text: the editor's and the static view's `pre`, not the buttons' own layer. */
function codeBlocksOf(root: HTMLElement): HTMLPreElement[] {
  return [...root.querySelectorAll('pre')].filter((pre) => !pre.closest('[data-code-copy-layer]'));
}

/**
 * A Copy button on every code block of a section. The buttons sit in a layer
 * over the text rather than inside it: the editor's DOM (and the static HTML
 * that must match it) stays the text alone, so offsets and the stored
 * Markdown never see a button. The layer follows the blocks as the text
 * changes or the width does. What is copied is the code as stored, without
 * the highlighter's markup.
 */
export function CodeCopyButtons({ container }: { container: RefObject<HTMLElement | null> }) {
  const t = useTranslations('canvas');
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [copied, setCopied] = useState<number | null>(null);
  const shown = useRef('');

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const measure = () => {
      const base = root.getBoundingClientRect();
      const next = codeBlocksOf(root).map((pre) => {
        const box = pre.getBoundingClientRect();
        return { top: Math.round(box.top - base.top), right: Math.round(base.right - box.right) };
      });
      // the layer's own changes are mutations too: only a real move re-renders, so they cannot loop
      const key = JSON.stringify(next);
      if (key === shown.current) return;
      shown.current = key;
      setPlacements(next);
    };
    measure();
    const mutations = new MutationObserver(measure);
    mutations.observe(root, { childList: true, subtree: true, characterData: true });
    const sizes = new ResizeObserver(measure);
    sizes.observe(root);
    return () => {
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [container]);

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (index: number) => {
    const root = container.current;
    const pre = root ? codeBlocksOf(root)[index] : undefined;
    if (!pre) return;
    await navigator.clipboard.writeText((pre.querySelector('code') ?? pre).textContent ?? '');
    setCopied(index);
  };

  if (placements.length === 0) return null;
  return (
    <div data-code-copy-layer="" className="pointer-events-none absolute inset-0">
      {placements.map((placement, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a block is known only by its place in the section
          key={index}
          type="button"
          data-testid="copy-code"
          onClick={() => void copy(index)}
          aria-label={copied === index ? t('copied') : t('copyCode')}
          title={copied === index ? t('copied') : t('copyCode')}
          style={{ top: placement.top + 6, right: placement.right + 6 }}
          className="pointer-events-auto absolute grid size-7 place-items-center rounded-md border border-zinc-200 bg-white text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700 dark:hover:text-zinc-50"
        >
          {copied === index ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        </button>
      ))}
      <span role="status" className="sr-only">
        {copied === null ? '' : t('copied')}
      </span>
    </div>
  );
}
