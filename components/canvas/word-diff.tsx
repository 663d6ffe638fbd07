'use client';

import type { ChangeObject } from 'diff';
import { useTranslations } from 'next-intl';
import { memo, useMemo, type ReactNode } from 'react';
import { useEditorKit } from './load-editor-kit';
import { blockChanges, renderedBlocks, wordChanges, type BlockChange, type RenderedBlock } from './rendered-blocks';

// Not colour alone: an insertion is underlined, a deletion struck through, and each is named for screen readers.
const INSERTED =
  'rounded-sm bg-emerald-100 text-emerald-900 underline decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-200';
const DELETED = 'rounded-sm bg-red-100 text-red-900 line-through decoration-2 dark:bg-red-950 dark:text-red-200';

/** A run of inserted or deleted words: marked by more than colour, and named for screen readers. */
function Change({ added, children, label }: { added: boolean; children: ReactNode; label: string }) {
  const Tag = added ? 'ins' : 'del';
  return (
    <Tag className={added ? INSERTED : DELETED}>
      <span className="sr-only">[{label}: </span>
      {children}
      <span className="sr-only">]</span>
    </Tag>
  );
}

function Words({ changes }: { changes: ChangeObject<string>[] }) {
  const t = useTranslations('canvas.diff');
  return changes.map((change, index) =>
    change.added || change.removed ? (
      <Change key={index} added={change.added} label={change.added ? t('added') : t('removed')}>
        {change.value}
      </Change>
    ) : (
      <span key={index}>{change.value}</span>
    ),
  );
}

/** `before` → `after` word by word: removed words struck through, added words underlined. */
export const WordDiff = memo(function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const t = useTranslations('canvas.diff');
  const changes = useMemo(() => wordChanges(before, after), [before, after]);
  const changed = changes.some((change) => change.added || change.removed);
  return (
    <div role="group" aria-label={label} className="whitespace-pre-wrap break-words text-sm leading-6" data-testid="word-diff">
      {!changed && <p className="mb-1 text-xs text-zinc-500">{t('identical')}</p>}
      <Words changes={changes} />
    </div>
  );
});

const BLOCK_STYLE: Record<RenderedBlock['kind'], string> = {
  heading: 'font-semibold text-base',
  paragraph: '',
  item: "relative ps-5 before:absolute before:start-1 before:content-['•']",
  quote: 'border-s-4 border-zinc-300 ps-3 italic dark:border-zinc-600',
  code: 'whitespace-pre-wrap rounded bg-zinc-100 px-2 py-1 font-mono text-xs dark:bg-zinc-800',
  row: 'border-b border-zinc-200 pb-1 dark:border-zinc-700',
  rule: 'h-0 border-t border-zinc-300 dark:border-zinc-600',
  image: 'italic',
};

function Block({ item }: { item: BlockChange }) {
  const t = useTranslations('canvas.diff');
  const { block } = item;
  const words =
    item.change === 'edited' ? (
      <Words changes={item.words} />
    ) : item.change === 'added' || item.change === 'removed' ? (
      <Change added={item.change === 'added'} label={item.change === 'added' ? t('added') : t('removed')}>
        {block.text || t('rule')}
      </Change>
    ) : (
      block.text
    );
  return (
    <div className={`break-words ${BLOCK_STYLE[block.kind]}`} data-change={item.change} data-kind={block.kind}>
      {block.kind === 'rule' && item.change === 'same' ? null : words}
    </div>
  );
}

/**
 * Two versions of a section as the canvas shows them (the Markdown parsed by
 * the canvas's own parser, so no `**`, `#` or table pipes): blocks added or
 * removed whole, and words inserted or deleted inside a block that changed.
 * The parser comes with the editor kit, which the page loads as it opens;
 * until then the texts are compared as written.
 */
export const RenderedDiff = memo(function RenderedDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const t = useTranslations('canvas.diff');
  const kit = useEditorKit();
  const changes = useMemo(
    () => (kit ? blockChanges(renderedBlocks(kit.parseSection(before)), renderedBlocks(kit.parseSection(after))) : null),
    [kit, before, after],
  );
  if (!changes) return <WordDiff before={before} after={after} label={label} />;
  const changed = changes.some((item) => item.change !== 'same');
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2 text-sm leading-6" data-testid="rendered-diff">
      {!changed && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('identical')}</p>}
      {changes.map((item, index) => (
        <Block key={index} item={item} />
      ))}
    </div>
  );
});
