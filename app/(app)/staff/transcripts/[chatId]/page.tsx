import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { loadAroundOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { StaffTranscript } from '@/components/staff/staff-transcript';
import { openTranscript } from '@/lib/chat/transcripts';
import { auditActor } from '@/lib/http/session-route';
import { withMessagePages } from '@/lib/http/paging';
import { withLeastReserve } from '@/lib/billing/pricing';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staff.transcript'))('title') };
}

interface StaffTranscriptPageProps {
  params: Promise<{ chatId: string }>;
  /** `?message=<id>`: open at that message (a stopped answer far back, linked from the ledger) */
  searchParams: Promise<{ message?: string | string[] }>;
}

export default async function StaffTranscriptPage({ params, searchParams }: StaffTranscriptPageProps) {
  const { app, user } = await requirePageUser();
  if (user.role !== 'staff') forbidden();
  const { chatId } = await params;
  const { message } = await searchParams;
  // opening it is recorded in the audit log, with the address the server established for this request
  const actor = auditActor(user, await headers());
  const chat = await loadAroundOr404((around) => openTranscript(app.db, chatId, actor, { around }), message);
  return (
    <StaffTranscript
      key={typeof message === 'string' ? message : ''}
      chat={toJson(withMessagePages(chat, `/api/staff/transcripts/${chatId}/messages`))}
      models={withLeastReserve(app.catalog.models)}
      openedAt={typeof message === 'string' ? message : undefined}
    />
  );
}
