import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { loadOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { StaffTranscript } from '@/components/staff/staff-transcript';
import { loadChatView } from '@/lib/chat/chat-view';
import { withOlderPage } from '@/lib/http/paging';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.transcript'))('title') };
}

export default async function StaffTranscriptPage({ params }: { params: Promise<{ chatId: string }> }) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const { chatId } = await params;
  const chat = await loadOr404(() => loadChatView(app.db, chatId, user.id, { asStaff: true }));
  return <StaffTranscript chat={toJson(withOlderPage(chat, `/api/staff/transcripts/${chatId}/messages`))} models={app.catalog.models} />;
}
