import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { type AuditQuery, AuditFilters } from '@/components/staff/audit-filters';
import { AuditList } from '@/components/staff/audit-list';
import { dayRange, knownTimeZone, withFilterQuery } from '@/components/staff/list-filter';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { isAuditAction } from '@/lib/audit/audit-log';
import { type AuditFilter, listAudit } from '@/lib/audit/audit-list';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.audit'))('title') };
}

/** Query params as the domain's filter: an unknown act or a date that is not one is no filter, as in the other staff lists. */
function toFilter(query: AuditQuery): AuditFilter {
  return {
    action: query.action && isAuditAction(query.action) ? query.action : undefined,
    actor: query.actor?.trim().slice(0, 200) || undefined,
    ...dayRange(query),
  };
}

export default async function StaffAuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.audit');
  const query: AuditQuery = firstValues(await searchParams, ['action', 'actor', 'from', 'to', 'tz']);
  const filter = toFilter(query);
  // the list route reads the next pages, and the export writes the same rows, with the same filter
  const listPath = withFilterQuery('/api/staff/audit', { ...filter });
  const page = await listAudit(app.db, filter, { limit: DEFAULT_PAGE_SIZE });
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')}>
          <a href={withFilterQuery('/api/staff/audit/export', { ...filter })} download className={buttonClasses()} data-testid="audit-csv">
            <Download className="size-4" aria-hidden />
            {t('download')}
          </a>
        </PageHeader>
        <div className="flex flex-col gap-2">
          <AuditFilters query={query} />
          {(filter.from || filter.to) && (
            <p className="text-xs text-zinc-500">{t('filters.days', { zone: knownTimeZone(query.tz) ?? 'UTC' })}</p>
          )}
        </div>
        <AuditList firstUrl={listPath} rows={{ items: toJson(page.items), next: nextPageHref(listPath, page.next) }} />
      </div>
    </div>
  );
}
