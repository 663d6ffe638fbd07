'use client';

import { FilePen, FilePlus2, Globe, Pin, Search, Wrench, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useKeyFactLabel } from '@/components/insights/key-fact-label';
import type { ToolCallData } from '@/lib/chat/turn/wire';

/** A quiet line per tool the model used while answering. */
export function ToolActivity({ calls }: { calls: ToolCallData[] }) {
  const t = useTranslations('chat.tools');
  const keyFactLabel = useKeyFactLabel();
  if (calls.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
      {calls.map((call, index) => {
        const known: [LucideIcon, string] | null =
          call.name === 'search_docs'
            ? [Search, t('searched', { query: argument(call.input, 'query') })]
            : call.name === 'web_search'
              ? [Globe, t('searchedWeb', { query: argument(call.input, 'query') })]
              : call.name === 'remember_fact'
                ? [Pin, t('pinned', { key: keyFactLabel(argument(call.input, 'key')), value: argument(call.input, 'value') })]
                : call.name === 'start_document'
                  ? [FilePlus2, t('startedDocument', { request: argument(call.input, 'request') })]
                  : call.name === 'revise_section'
                    ? [
                        FilePen,
                        t('revisedSection', { section: argument(call.input, 'section'), instruction: argument(call.input, 'instruction') }),
                      ]
                    : null;
        if (!known) return <ToolCall key={index} call={call} />;
        const [Icon, text] = known;
        return (
          <li key={index} className="flex items-center gap-1.5">
            <Icon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Any other tool (an MCP server's): its name, how long it took, and on opening the arguments the model
 * sent and the start of the result, so a person can check what the answer was built on.
 */
function ToolCall({ call }: { call: ToolCallData }) {
  const t = useTranslations('chat.tools');
  const status = call.result === undefined ? t('running') : call.failed ? t('failed') : null;
  return (
    <li data-testid="tool-call" data-tool={call.name} data-failed={call.failed ? 'true' : undefined}>
      <details className="group/tool">
        <summary className="flex cursor-pointer items-center gap-1.5 rounded-sm outline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-500">
          <Wrench className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{t('used', { name: call.name })}</span>
          {call.ms !== undefined && <span className="shrink-0 tabular-nums">· {t('took', { ms: call.ms })}</span>}
          {status && <span className={call.failed ? 'shrink-0 text-red-600 dark:text-red-400' : 'shrink-0'}>· {status}</span>}
        </summary>
        <dl className="mt-1 ml-5 flex flex-col gap-1">
          <dt className="font-medium">{t('arguments')}</dt>
          <dd>
            <pre className="max-h-40 overflow-auto rounded bg-zinc-100 p-2 break-words whitespace-pre-wrap dark:bg-zinc-800/60">
              {JSON.stringify(call.input, null, 2)}
            </pre>
          </dd>
          {call.result !== undefined && (
            <>
              <dt className="font-medium">{t('result')}</dt>
              <dd>
                <pre className="max-h-60 overflow-auto rounded bg-zinc-100 p-2 break-words whitespace-pre-wrap dark:bg-zinc-800/60">
                  {call.result}
                </pre>
              </dd>
            </>
          )}
        </dl>
      </details>
    </li>
  );
}

/** One argument of a tool call as text; the model's input is an object unless its call was malformed, which shows empty. */
function argument(input: unknown, key: string): string {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return value === undefined ? '' : String(value);
}
