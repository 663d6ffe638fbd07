import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { DocumentList } from '@/components/documents/document-list';
import { NewDocumentForm } from '@/components/documents/new-document-form';
import { UNREAD_NOTIFICATIONS } from '@/components/documents/document-types';
import { NotificationList } from '@/components/documents/notification-list';
import { requirePageUser } from '@/components/server/page-session';
import { PageHeader } from '@/components/ui/page-header';
import { listDocuments } from '@/lib/documents/document-view';
import { listNotifications } from '@/lib/documents/notifications';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('documents'))('title') };
}

export default async function DocumentsPage() {
  const { app, user } = await requirePageUser();
  const first = { limit: DEFAULT_PAGE_SIZE };
  const [documents, notifications] = await Promise.all([
    listDocuments(app.db, user.id, first),
    listNotifications(app.db, user.id, { unreadOnly: true }, first),
  ]);
  const t = await getTranslations('documents');
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <NotificationList notifications={{ items: notifications.items, next: nextPageHref(UNREAD_NOTIFICATIONS, notifications.next) }} />
        <NewDocumentForm publicSources={app.config.publicSources} />
        <section aria-labelledby="documents-title" className="flex flex-col gap-3">
          <h2 id="documents-title" className="text-base font-semibold">
            {t('yours')}
          </h2>
          <DocumentList documents={{ items: toJson(documents.items), next: nextPageHref('/api/documents', documents.next) }} />
        </section>
      </div>
    </div>
  );
}
