import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
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
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.transcripts'))('title') };
}

/** Query params as the domain's filter; `to` is a whole day, so it ends at that day's last moment. */
function toFilter(query: TranscriptQuery): TranscriptFilter {
  const day = (value: string | undefined, endOfDay: boolean) => {
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const date = new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  return {
    status: STATUSES.find((s) => s === query.status),
    model: query.model || undefined,
    user: query.user?.trim() || undefined,
    from: day(query.from, false),
    to: day(query.to, true),
  };
}

/** The list route's address for the same filter: where "Show more" reads the next pages. */
function apiPath(filter: TranscriptFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined) params.set(name, value instanceof Date ? value.toISOString() : value);
  }
  const query = params.toString();
  return query ? `/api/staff/transcripts?${query}` : '/api/staff/transcripts';
}

export default async function StaffTranscriptsPage({ searchParams }: { searchParams: Promise<TranscriptQuery> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.transcripts');
  const query = await searchParams;
  const filter = toFilter(query);
  const path = apiPath(filter);
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
