import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Badge } from '@/components/ui/badge';
import type { DocumentSectionJson, FactFlagJson } from './document-types';
import { FLAG_KIND_LABEL, SECTION_STATUS_LABEL } from './labels';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const REMARK_PLUGINS = [remarkGfm];

/** `[^12]` → `¹²`: citations read as superscripts (the export turns them into real footnotes). */
function withSuperscriptCitations(body: string): string {
  return body.replace(/\[\^(\d+)\]/g, (_, n: string) => [...n].map((d) => SUPERSCRIPT[Number(d)]).join(''));
}

/** One section, read-only (the canvas editor replaces this in the next issue). */
export function SectionView({ section }: { section: DocumentSectionJson }) {
  const flags = section.flags as FactFlagJson[];
  const written = section.status === 'written' || section.status === 'flagged';
  return (
    <section aria-labelledby={`section-${section.id}`} className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800" data-testid="document-section" data-status={section.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`section-${section.id}`} className="text-lg font-semibold">
          {section.position}. {section.title}
        </h2>
        {section.status !== 'written' && <Badge tone={section.status === 'flagged' ? 'amber' : 'neutral'}>{SECTION_STATUS_LABEL[section.status] ?? section.status}</Badge>}
        {written && <span className="text-xs text-zinc-500">version {section.version}</span>}
      </div>
      {written ? (
        <div className="markdown text-[15px] leading-7">
          <ReactMarkdown remarkPlugins={REMARK_PLUGINS}>{withSuperscriptCitations(section.body)}</ReactMarkdown>
        </div>
      ) : (
        <p className="text-sm text-zinc-500 italic">Not written yet.</p>
      )}
      {flags.length > 0 && (
        <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          <p className="font-medium">The fact check could not find these in the section’s sources:</p>
          <ul className="mt-1 list-disc pl-5" data-testid="section-flags">
            {flags.map((flag, i) => (
              <li key={`${flag.start}-${i}`}>
                “{flag.token}” ({FLAG_KIND_LABEL[flag.kind] ?? flag.kind})
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
