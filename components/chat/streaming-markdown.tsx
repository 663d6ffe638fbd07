'use client';

import { code } from '@streamdown/code';
import { math } from '@streamdown/math';
import 'katex/dist/katex.min.css';
import { useTranslations } from 'next-intl';
import { memo, useMemo } from 'react';
import { defaultComponents, defaultRehypePlugins, Streamdown, type Components, type StreamdownTranslations } from 'streamdown';
import { cn } from '@/components/ui/cn';
import { rehypeScopedIds } from '@/lib/text/scoped-ids';

const PLUGINS = { code, math };

/** streamdown's own HTML handling (raw HTML, sanitized, links hardened), then no `id`/`name` that could clobber a global. */
const REHYPE_PLUGINS = [...Object.values(defaultRehypePlugins), rehypeScopedIds];

/** Copy buttons on code and tables; no downloads, diagrams or full-screen views to keep the answer plain. */
const CONTROLS = {
  code: { copy: true, download: false },
  table: { copy: true, download: false, fullscreen: false },
  mermaid: false,
  image: false,
} as const;

/** Links open in a new tab at once, as they did before: the answer is the person's own, no warning dialog. */
const LINK_SAFETY = { enabled: false };

/**
 * Footnote marks and their back links point inside the answer (`#user-content-fn-1`): they stay in
 * the page, while every other link opens in a new tab (streamdown's own link).
 */
const COMPONENTS: Components = {
  // (the sanitizer gives every link target=_blank; an in-page jump drops it)
  a: ({ node, href, target, rel, ...props }) =>
    href?.startsWith('#') ? (
      <a href={href} {...props} />
    ) : (
      <defaultComponents.a node={node} href={href} target={target} rel={rel} {...props} />
    ),
};

/** The labels of streamdown's own buttons, in the person's language. */
function useMarkdownLabels(): Partial<StreamdownTranslations> {
  const t = useTranslations('chat.markdown');
  return useMemo(
    () => ({
      copyCode: t('copyCode'),
      copied: t('copied'),
      copyTable: t('copyTable'),
      copyTableAsMarkdown: t('copyTableAsMarkdown'),
      copyTableAsCsv: t('copyTableAsCsv'),
      copyTableAsTsv: t('copyTableAsTsv'),
      imageNotAvailable: t('imageNotAvailable'),
      close: t('close'),
    }),
    [t],
  );
}

/**
 * An answer's Markdown through streamdown: while it streams, finished blocks
 * stay memoized and only the last one re-renders, and unclosed markup (`**`, a
 * fence) is closed for the eye. Once it has ended, the stored text is rendered
 * as written, so what is shown is what was saved. Code is highlighted with shiki
 * (copy button), `$$…$$` math with KaTeX; `$5` stays a price.
 */
export const StreamingMarkdown = memo(function StreamingMarkdown({
  text,
  streaming,
  className,
}: {
  text: string;
  streaming?: boolean;
  className?: string;
}) {
  const translations = useMarkdownLabels();
  return (
    <Streamdown
      className={cn('markdown', streaming && 'is-streaming', className)}
      plugins={PLUGINS}
      rehypePlugins={REHYPE_PLUGINS}
      controls={CONTROLS}
      linkSafety={LINK_SAFETY}
      components={COMPONENTS}
      translations={translations}
      isAnimating={Boolean(streaming)}
      parseIncompleteMarkdown={Boolean(streaming)}
      caret={streaming ? 'block' : undefined}
      lineNumbers={false}
    >
      {text}
    </Streamdown>
  );
});
