import { MailWarning } from 'lucide-react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { NoticePage } from '@/components/app-shell/notice-page';
import { requirePageUser } from '@/components/server/page-session';
import { acceptInvitation } from '@/lib/documents/members';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('documents.invitation'))('title') };
}

/**
 * Where a mailed invitation to a document leads (after sign-up or sign-in, the
 * layout's redirect brings the person back here): the document, if the account
 * uses the address the invitation went to; otherwise a page that says why not.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { app, user } = await requirePageUser();
  const outcome = await acceptInvitation(app.db, token, user);
  if (outcome.accepted) redirect(`/documents/${outcome.documentId}`);
  const t = await getTranslations('documents.invitation');
  return (
    <NoticePage
      icon={MailWarning}
      title={t('title')}
      text={outcome.reason === 'gone' ? t('gone') : t('otherAddress', { invited: outcome.email, you: user.email })}
      link={{ href: '/documents', label: t('documents') }}
      testId="invitation-refused"
    />
  );
}
