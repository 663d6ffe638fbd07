import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { CreateInviteForm } from '@/components/staff/create-invite-form';
import { InviteList } from '@/components/staff/invite-list';
import { PageHeader } from '@/components/ui/page-header';
import { listInvites } from '@/lib/auth/invites';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.invites'))('title') };
}

export default async function StaffInvitesPage() {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const t = await getTranslations('staff.invites');
  const invites = await listInvites(app.db, { limit: DEFAULT_PAGE_SIZE });
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <p className="-mt-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="signup-mode" data-mode={app.config.signup}>
          {t(`signupMode.${app.config.signup}`)}
        </p>
        <CreateInviteForm />
        <InviteList invites={{ items: toJson(invites.items), next: nextPageHref('/api/staff/invites', invites.next) }} />
      </div>
    </div>
  );
}
