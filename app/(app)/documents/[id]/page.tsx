import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { prerenderSections } from '@/components/canvas/prerender-sections';
import { DocumentScreen } from '@/components/documents/document-screen';
import { loadOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { getDocumentView } from '@/lib/documents/document-view';
import { markDocumentOpened } from '@/lib/documents/notifications';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('documents'))('documentTitle') };
}

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { app, user } = await requirePageUser();
  const document = await loadOr404(async () => getDocumentView(app.db, id, await requireDocumentRole(app.db, id, user.id, CAN.read)));
  await markDocumentOpened(app.db, user.id, id);
  const initial = toJson(document);
  // The sections' HTML comes with the page: the first paint shows the text, and hydration parses nothing.
  return <DocumentScreen initial={initial} prerendered={prerenderSections(initial.sections)} />;
}
