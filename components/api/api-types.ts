import type { z } from 'zod';
import type { creditGrantResponse, ledgerEntryResponse, walletResponse } from '@/lib/http/api/billing';
import type { chatCreateBody, chatFileAttachedResponse, chatSettingsBody, keyFactValueBody } from '@/lib/http/api/chat';
import type {
  chatCreatedResponse,
  chatDeletedResponse,
  chatImportResponse,
  chatMessageResponse,
  sharedMessageResponse,
  chatSearchHitResponse,
  chatSummaryResponse,
  chatViewResponse,
  modelResponse,
  keyFactResponse,
  staffModelCallResponse,
} from '@/lib/http/api/chat-responses';
import type { answersBody, memberRoleBody, renameDocumentBody, resumeBody, shareBody } from '@/lib/http/api/documents';
import type {
  documentDeletedResponse,
  documentRenamedResponse,
  savedSourceResponse,
  waitingAttachmentResponse,
} from '@/lib/http/api/documents-responses';
import type { JsonOf } from '@/lib/http/api/json-shape';
import type {
  auditEventResponse,
  creditsBody,
  inviteBody,
  inviteCreatedResponse,
  inviteResponse,
  personResponse,
  transcriptRowResponse,
} from '@/lib/http/api/staff';

/**
 * The API's answers and bodies as the browser holds them, inferred from the
 * schemas the API document is built from (lib/http/api/*). Type-only imports:
 * nothing of those server modules reaches the client bundle.
 */

/** Server data handed to client components in the same shape the HTTP API returns. */
export function toJson<T>(value: T): JsonOf<T> {
  return JSON.parse(JSON.stringify(value)) as JsonOf<T>;
}

export type ChatJson = z.infer<typeof chatViewResponse>;
export type ChatMessageJson = z.infer<typeof chatMessageResponse>;
/** GET /api/shared/chats/:token/messages: a shared chat's message (no cost). */
export type SharedMessageJson = z.infer<typeof sharedMessageResponse>;
export type KeyFactJson = z.infer<typeof keyFactResponse>;
export type ChatSummaryJson = z.infer<typeof chatSummaryResponse>;
/** GET /api/chats?q=…: a chat whose title or messages match. */
export type ChatSearchHitJson = z.infer<typeof chatSearchHitResponse>;
export type ChatCreatedJson = z.infer<typeof chatCreatedResponse>;
export type ChatDeletedJson = z.infer<typeof chatDeletedResponse>;
/** POST /api/chats/import: how many chats an export became, and the first of them. */
export type ChatImportJson = z.infer<typeof chatImportResponse>;
export type DocumentRenamedJson = z.infer<typeof documentRenamedResponse>;
export type DocumentDeletedJson = z.infer<typeof documentDeletedResponse>;
export type LedgerEntryJson = z.infer<typeof ledgerEntryResponse>;
/** A top-up as a ledger's credit line. */
export type CreditJson = z.infer<typeof creditGrantResponse>;
export type TranscriptRowJson = z.infer<typeof transcriptRowResponse>;
export type ModelJson = z.infer<typeof modelResponse>;
/** An invite as staff list it (GET /api/staff/invites). */
export type InviteJson = z.infer<typeof inviteResponse>;
/** POST /api/staff/invites: the invite and its link, shown this once. */
export type CreatedInviteJson = z.infer<typeof inviteCreatedResponse>;
/** One row of the audit log (GET /api/staff/audit). */
export type AuditEventJson = z.infer<typeof auditEventResponse>;
export type PersonJson = z.infer<typeof personResponse>;
/** A file waiting in a chat for start_document (GET /api/documents/attachments?chatId=…). */
export type WaitingAttachmentJson = z.infer<typeof waitingAttachmentResponse>;
/** A file or image just attached for the next message (POST /api/chats/:id/files). */
export type AttachedChatFileJson = z.infer<typeof chatFileAttachedResponse>;
/** A file just attached (POST /api/documents/attachments). */
export type AttachedSourceJson = z.infer<typeof savedSourceResponse>;

/** A model call as staff see it under each answer (GET /api/staff/transcripts/:chatId). */
export type StaffModelCallJson = z.infer<typeof staffModelCallResponse>;

export type WalletJson = z.infer<typeof walletResponse>;

export type ChatCreateBody = z.input<typeof chatCreateBody>;
export type ChatSettingsBody = z.input<typeof chatSettingsBody>;
export type KeyFactValueBody = z.input<typeof keyFactValueBody>;
export type AnswersBody = z.input<typeof answersBody>;
export type ResumeBody = z.input<typeof resumeBody>;
export type RenameDocumentBody = z.input<typeof renameDocumentBody>;
export type ShareBody = z.input<typeof shareBody>;
export type MemberRoleBody = z.input<typeof memberRoleBody>;
export type CreditsBody = z.input<typeof creditsBody>;
export type InviteBody = z.input<typeof inviteBody>;
