'use client';

import { memo, useEffect, useMemo, useRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/components/ui/cn';
import { splitMarkdownBlocks, type BlockSplit } from './markdown-blocks';

const REMARK_PLUGINS = [remarkGfm];

const COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  table: ({ node: _node, ...props }) => (
    <div className="overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

/** One finished block: the same source renders once, however long the answer grows. */
const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
});

export const StreamingMarkdown = memo(function StreamingMarkdown({ text, streaming, className }: { text: string; streaming?: boolean; className?: string }) {
  const previous = useRef<BlockSplit | undefined>(undefined);
  const { blocks } = useMemo(() => splitMarkdownBlocks(text, previous.current), [text]);
  useEffect(() => {
    previous.current = { text, blocks };
  }, [text, blocks]);
  return (
    <div className={cn('markdown', streaming && 'is-streaming', className)}>
      {blocks.map((source, index) => (
        <MarkdownBlock key={index} source={source} />
      ))}
    </div>
  );
});
