import { z } from 'zod';
import type { DocumentView, listDocuments } from '@/lib/documents/document-view';
import type { startDocument } from '@/lib/documents/intake/start-document';
import type { uploadToChat, uploadToDocument, WaitingAttachment } from '@/lib/documents/intake/attachments';
import type { changeMemberRole, listMembers, removeMember, shareDocument } from '@/lib/documents/members';
import type { renameDocument } from '@/lib/documents/manage-document';
import type { listNotifications } from '@/lib/documents/notifications';
import type { answerQuestions } from '@/lib/documents/pipeline/answers';
import { MAX_REQUEST_TEXT_LINKS, UNREAD_LINK_REASONS, type UnreadLinkReason } from '@/lib/documents/intake/unread-links';
import type { requestCancel, resumeJob } from '@/lib/documents/pipeline/job-control';
import type { SectionHead } from '@/lib/documents/sections/live-versions';
import type { AllTrue, DescribesJsonOf, ResultOf } from './json-shape';
import { factFlagResponse } from './sections';

/**
 * What the document routes answer (app/api/documents/**, app/api/notifications),
 * as the API document states it and the browser reads it. The checks at the
 * end tie each schema to the domain type the route returns.
 */

const documentRole = z.enum(['owner', 'editor', 'reviewer']);
const memberRole = z.enum(['reviewer', 'editor']);
const jobStatus = z.string().meta({
  description: 'queued, planning, researching, awaiting_answers, writing, finalizing, paused, done, cancelled or failed',
});

export const documentListItemResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.string().nullable(),
  status: jobStatus,
  role: documentRole,
  sectionsDone: z.number().int(),
  sectionsTotal: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const documentCreatedResponse = z.strictObject({
  id: z.string(),
  unreadLinks: z
    .array(
      z.strictObject({
        url: z.string(),
        reason: z.enum(UNREAD_LINK_REASONS as [UnreadLinkReason, ...UnreadLinkReason[]]),
      }),
    )
    .meta({
      description: `Links written in the request's text that will not be read, and why: \`public_sources_off\` (the deployment does not read the web), \`public_sources_not_allowed\` (the request did not allow public sources), \`too_many_links\` (only the first ${MAX_REQUEST_TEXT_LINKS} are read), \`blocked_address\` or \`bad_url\`. They stay on the document as failed sources with that reason; the others are read like \`{kind: url}\` sources.`,
    }),
});

export const citationResponse = z.strictObject({
  marker: z.number().int().meta({ description: 'The `n` of the footnote `[^n]`.' }),
  text: z.string(),
  quote: z.string().meta({ description: 'The sentence of the source the fact was taken from.' }),
  sourceId: z.string(),
  number: z.number().int().meta({ description: 'Paragraph, or page of a PDF.' }),
});

export const documentSourceResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  kind: z.string().meta({ description: 'text, markdown, pdf, docx, url or answers' }),
  url: z.string().nullable(),
  unit: z.enum(['paragraph', 'page']),
  status: z.enum(['pending', 'read', 'failed']).meta({ description: 'pending: research has not read the link yet' }),
  reason: z.string().nullable().meta({ description: 'Why a link could not be read.' }),
  paragraphs: z.number().int(),
  readAt: z.iso.datetime(),
});

export const documentSectionResponse = z.strictObject({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  status: z.string().meta({ description: 'planned, ready, writing, written or flagged' }),
  version: z.number().int(),
  body: z.string().meta({ description: 'Markdown.' }),
  flags: z.array(factFlagResponse),
  citations: z.array(citationResponse),
});

export const documentViewResponse = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.string().nullable(),
  status: jobStatus,
  error: z.string().nullable().meta({ description: 'Why it is paused or failed.' }),
  chatId: z.string().nullable(),
  budgetMicros: z.number().int(),
  spentMicros: z.number().int(),
  summary: z.string().nullable(),
  role: documentRole.meta({ description: "The caller's role." }),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  questions: z.array(z.strictObject({ id: z.string(), text: z.string(), answer: z.string().nullable() })),
  progress: z.strictObject({
    step: z.string(),
    sectionsDone: z.number().int(),
    sectionsTotal: z.number().int(),
    searches: z.number().int(),
    fetches: z.number().int(),
    fetchMs: z.number().int(),
  }),
  sections: z.array(documentSectionResponse),
  sources: z.array(documentSourceResponse),
});

export const answersSavedResponse = z.strictObject({
  woke: z.boolean().meta({ description: 'Every question is answered: research goes on.' }),
  remaining: z.number().int().meta({ description: 'Questions still unanswered.' }),
});

export const jobStatusResponse = z.strictObject({ status: jobStatus });

export const sectionHeadResponse = z.strictObject({
  id: z.string(),
  position: z.number().int(),
  version: z.number().int(),
  status: z.string(),
  savedBy: z
    .strictObject({ name: z.string(), you: z.boolean() })
    .nullable()
    .meta({ description: 'Who saved the current version; null for the pipeline.' }),
  savedAt: z.iso.datetime().nullable(),
});

export const liveSectionsResponse = z.strictObject({
  sections: z.array(sectionHeadResponse),
  role: documentRole.meta({
    description: "The caller's role now: an open page that shows another reads the document again (the owner changed it).",
  }),
});

export const documentMemberResponse = z.strictObject({
  userId: z.string().meta({ description: "the member's id in the member routes (an address with no account yet has one too)" }),
  email: z.string(),
  name: z.string().nullable().meta({ description: 'their name once they have opened the document; null until then' }),
  role: memberRole,
});
export const memberRoleResponse = z.strictObject({ userId: z.string(), role: memberRole });
export const memberRemovedResponse = z.strictObject({ userId: z.string(), removed: z.literal(true) });

export const documentRenamedResponse = z.strictObject({
  id: z.string(),
  title: z.string().meta({ description: 'The name as stored (tidied).' }),
});
export const documentDeletedResponse = z.strictObject({ id: z.string(), deleted: z.literal(true) });

/** A file or link as it was saved: a document's new source, or a file waiting in a chat. */
export const savedSourceResponse = z.strictObject({ id: z.string(), title: z.string(), kind: z.string() });

export const waitingAttachmentResponse = z.strictObject({
  id: z.string(),
  title: z.string().meta({ description: "The file's name without its extension." }),
  kind: z.string(),
  size: z.strictObject({ unit: z.enum(['paragraph', 'page']), count: z.number().int() }),
  createdAt: z.iso.datetime(),
});

export const attachmentRemovedResponse = z.strictObject({ id: z.string(), removed: z.literal(true) });

export const unreadCountResponse = z.strictObject({
  count: z.number().int().min(0).max(10),
  capped: z.boolean().meta({ description: 'at least `count` are unread (the count stops at 10)' }),
});
export const notificationsReadResponse = z.strictObject({ read: z.number().int().min(0) });

export const notificationResponse = z.strictObject({
  id: z.string(),
  kind: z.string().meta({ description: 'document_done or document_shared' }),
  documentId: z.string().nullable(),
  text: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});

export type DocumentResponseChecks = AllTrue<
  [
    DescribesJsonOf<typeof documentListItemResponse, ResultOf<typeof listDocuments>['items'][number]>,
    DescribesJsonOf<typeof documentCreatedResponse, ResultOf<typeof startDocument>>,
    DescribesJsonOf<typeof documentViewResponse, DocumentView>,
    DescribesJsonOf<typeof answersSavedResponse, ResultOf<typeof answerQuestions>>,
    DescribesJsonOf<typeof jobStatusResponse, ResultOf<typeof requestCancel>>,
    DescribesJsonOf<typeof jobStatusResponse, ResultOf<typeof resumeJob>>,
    DescribesJsonOf<typeof sectionHeadResponse, SectionHead>,
    DescribesJsonOf<typeof documentMemberResponse, ResultOf<typeof listMembers>['items'][number]>,
    DescribesJsonOf<typeof memberRoleResponse, ResultOf<typeof shareDocument>>,
    DescribesJsonOf<typeof memberRoleResponse, ResultOf<typeof changeMemberRole>>,
    DescribesJsonOf<typeof memberRemovedResponse, ResultOf<typeof removeMember>>,
    DescribesJsonOf<typeof documentRenamedResponse, ResultOf<typeof renameDocument>>,
    DescribesJsonOf<typeof savedSourceResponse, ResultOf<typeof uploadToDocument>[number]>,
    DescribesJsonOf<typeof savedSourceResponse, ResultOf<typeof uploadToChat>[number]>,
    DescribesJsonOf<typeof waitingAttachmentResponse, WaitingAttachment>,
    DescribesJsonOf<typeof notificationResponse, ResultOf<typeof listNotifications>['items'][number]>,
  ]
>;
