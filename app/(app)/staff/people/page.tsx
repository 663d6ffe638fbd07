import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { withFilterQuery } from '@/components/staff/list-filter';
import { PeopleList } from '@/components/staff/people-list';
import { buttonClasses } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { listPeople } from '@/lib/auth/deactivation';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.people'))('title') };
}

export default async function StaffPeoplePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.people');
  const { email } = firstValues(await searchParams, ['email']);
  const filter = { email: email?.trim() || undefined };
  // the list route's address for the same search: where "Show more" reads the next pages
  const path = withFilterQuery('/api/staff/people', filter);
  const page = await listPeople(app.db, filter, { limit: DEFAULT_PAGE_SIZE });
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <form
          action="/staff/people"
          method="get"
          className="flex flex-wrap items-end gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-900/50"
        >
          <Field label={t('search')} htmlFor="people-email" className="min-w-0 flex-1 basis-56">
            <TextInput id="people-email" name="email" type="search" defaultValue={filter.email ?? ''} />
          </Field>
          <button type="submit" className={buttonClasses({ variant: 'primary' })}>
            {t('searchAction')}
          </button>
          {filter.email && (
            <a href="/staff/people" className={buttonClasses({ variant: 'ghost' })}>
              {t('reset')}
            </a>
          )}
        </form>
        <PeopleList
          key={filter.email ?? ''}
          firstUrl={path}
          selfId={user.id}
          people={{ items: toJson(page.items), next: nextPageHref(path, page.next) }}
        />
      </div>
    </div>
  );
}
