import type { ChatView, StaffModelCall } from '@/lib/chat/chat-view';
import type { InviteView } from '@/lib/auth/invites';
import type { listCredits, listLedger } from '@/lib/billing/ledger-view';
import type { listChats } from '@/lib/chat/chats';
import type { listTranscripts } from '@/lib/chat/transcripts';
import type { WaitingAttachment } from '@/lib/documents/intake/attachments';
import type { ModelInfo } from '@/lib/llm/catalog';

/** What a value looks like after JSON: dates become ISO strings. */
export type Json<T> = T extends Date
  ? string
  : T extends bigint
    ? number
    : T extends ReadonlyArray<infer U>
      ? Json<U>[]
      : T extends object
        ? { [K in keyof T]: Json<T[K]> }
        : T;

/** Server data handed to client components in the same shape the HTTP API returns. */
export function toJson<T>(value: T): Json<T> {
  return JSON.parse(JSON.stringify(value)) as Json<T>;
}

export type ChatJson = Json<ChatView>;
export type ChatMessageJson = ChatJson['messages'][number];
export type SlotJson = ChatJson['slots'][number];
export type ChatSummaryJson = Json<Awaited<ReturnType<typeof listChats>>[number]>;
export type LedgerEntryJson = Json<Awaited<ReturnType<typeof listLedger>>[number]>;
/** A top-up as a ledger's credit line. */
export type CreditJson = Json<Awaited<ReturnType<typeof listCredits>>[number]>;
export type TranscriptRowJson = Json<Awaited<ReturnType<typeof listTranscripts>>[number]>;
export type ModelJson = ModelInfo;
/** An invite as staff list it (GET /api/staff/invites). */
export type InviteJson = Json<InviteView>;
/** A file waiting in a chat for start_document (GET /api/documents/attachments?chatId=…). */
export type WaitingAttachmentJson = Json<WaitingAttachment>;

/** A model call as staff see it under each answer (GET /api/staff/transcripts/:chatId). */
export type StaffModelCallJson = Json<StaffModelCall>;

export interface WalletJson {
  balanceMicros: number;
  reservedMicros: number;
}
