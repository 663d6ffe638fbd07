import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ChangeEmailForm } from '@/components/account/change-email-form';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { DeleteAccount } from '@/components/account/delete-account';
import { DownloadData } from '@/components/account/download-data';
import { SessionList } from '@/components/account/session-list';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { PageHeader } from '@/components/ui/page-header';
import { listSignedInSessions } from '@/lib/auth/account-sessions';
import { hasPassword } from '@/lib/auth/password-check';
import { sharedDocumentsOf } from '@/lib/documents/members';

interface AccountPageProps {
  /** `email=changed` (and `error=CODE` when it could not be): where the mailed email-change link lands */
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('title') };
}

export default async function AccountPage({ searchParams }: AccountPageProps) {
  const { app, user } = await requirePageUser();
  const t = await getTranslations('account');
  const query = firstValues(await searchParams, ['email', 'error']);
  // which of the sessions is this device's: the session cache keeps the person, not the session
  const current = await app.auth.api.getSession({ headers: await headers() });
  const [sessions, sharedDocuments, withPassword] = await Promise.all([
    listSignedInSessions(app.db, user.id, current?.session.id ?? null),
    sharedDocumentsOf(app.db, user.id),
    hasPassword(app.db, user.id),
  ]);
  const outcome = query.email === 'changed' ? (query.error ? { error: query.error } : { changed: true as const }) : undefined;

  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <ChangeEmailForm email={user.email} mailed={app.mailer.delivers} outcome={outcome} />
        <ChangePasswordForm email={user.email} />
        <SessionList sessions={toJson(sessions)} />
        <DownloadData />
        <DeleteAccount email={user.email} hasPassword={withPassword} sharedDocuments={sharedDocuments} />
      </div>
    </div>
  );
}
