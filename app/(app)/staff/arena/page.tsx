import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { ArenaSummaryTables } from '@/components/staff/arena-summary';
import { DayRangeFields } from '@/components/staff/day-range-fields';
import { dayRange } from '@/components/staff/list-filter';
import { PageHeader } from '@/components/ui/page-header';
import { arenaSummary } from '@/lib/chat/compare/arena';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.arena'))('title') };
}

/** How the deployment's models fared when people marked the better of side-by-side answers, in a period of days. */
export default async function StaffArenaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.arena');
  const query = firstValues(await searchParams, ['from', 'to', 'tz']);
  const summary = await arenaSummary(app.db, dayRange(query));
  const labelOf = (model: string) => app.catalog.find(model)?.label ?? model;
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <form
          action="/staff/arena"
          method="get"
          className="grid gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 sm:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-900/50"
          aria-label={t('filters')}
        >
          <DayRangeFields
            query={query}
            labels={{ from: t('from'), to: t('to'), apply: t('apply'), reset: t('reset') }}
            resetHref="/staff/arena"
          />
        </form>
        <ArenaSummaryTables summary={summary} labelOf={labelOf} />
      </div>
    </div>
  );
}
