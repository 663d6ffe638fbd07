import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { DocumentList } from '@/components/documents/document-list';
import { NewDocumentForm } from '@/components/documents/new-document-form';
import { NotificationList } from '@/components/documents/notification-list';
import { requirePageUser } from '@/components/server/page-session';
import { PageHeader } from '@/components/ui/page-header';
import { listDocuments } from '@/lib/documents/document-view';
import { listNotifications } from '@/lib/documents/notifications';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('documents'))('title') };
}

export default async function DocumentsPage() {
  const { app, user } = await requirePageUser();
  const [documents, notifications] = await Promise.all([
    listDocuments(app.db, user.id),
    listNotifications(app.db, user.id, { unreadOnly: true }),
  ]);
  const t = await getTranslations('documents');
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <NotificationList notifications={notifications} />
        <NewDocumentForm publicSources={app.config.publicSources} />
        <section aria-labelledby="documents-title" className="flex flex-col gap-3">
          <h2 id="documents-title" className="text-base font-semibold">
            {t('yours')}
          </h2>
          <DocumentList documents={toJson(documents)} />
        </section>
      </div>
    </div>
  );
}
