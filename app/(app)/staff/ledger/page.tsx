import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { AddCreditsForm } from '@/components/staff/add-credits-form';
import { StaffLedger } from '@/components/staff/staff-ledger';
import { PageHeader } from '@/components/ui/page-header';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.ledger'))('title') };
}

export default async function StaffLedgerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.ledger');
  const { user: email } = firstValues(await searchParams, ['user']);
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <StaffLedger initialEmail={email ?? ''} />
          <AddCreditsForm defaultEmail={email ?? ''} />
        </div>
      </div>
    </div>
  );
}
