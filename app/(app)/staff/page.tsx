import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { dayRange, withFilterQuery } from '@/components/staff/list-filter';
import { TranscriptFilters } from '@/components/staff/transcript-filters';
import { TranscriptList } from '@/components/staff/transcript-list';
import { PageHeader } from '@/components/ui/page-header';
import { listTranscripts, type TranscriptFilter } from '@/lib/chat/transcripts';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

const STATUSES = ['stopped', 'truncated', 'error'] as const;

interface TranscriptQuery {
  status?: string;
  model?: string;
  user?: string;
  from?: string;
  to?: string;
  tz?: string;
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.transcripts'))('title') };
}

/** Query params as the domain's filter; From and To are whole days (components/staff/list-filter.ts). */
function toFilter(query: TranscriptQuery): TranscriptFilter {
  return {
    status: STATUSES.find((s) => s === query.status),
    model: query.model || undefined,
    user: query.user?.trim() || undefined,
    ...dayRange(query),
  };
}

export default async function StaffTranscriptsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.transcripts');
  const query: TranscriptQuery = firstValues(await searchParams, ['status', 'model', 'user', 'from', 'to', 'tz']);
  const filter = toFilter(query);
  // the list route's address for the same filter: where "Show more" reads the next pages
  const path = withFilterQuery('/api/staff/transcripts', { ...filter });
  const page = await listTranscripts(app.db, filter, { limit: DEFAULT_PAGE_SIZE });
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <TranscriptFilters query={query} models={app.catalog.models.map((m) => ({ id: m.id, label: m.label }))} />
        <TranscriptList firstUrl={path} rows={{ items: toJson(page.items), next: nextPageHref(path, page.next) }} />
      </div>
    </div>
  );
}
