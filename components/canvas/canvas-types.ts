import type { z } from 'zod';
import type { DocumentSectionJson, FactFlagJson } from '@/components/documents/document-types';
import type { DocumentRole } from '@/lib/documents/access';
import type {
  acceptProposalBody,
  appliedRewriteResponse,
  dismissFlagBody,
  flagDismissedResponse,
  proposalRejectedResponse,
  restoreBody,
  rewriteBody,
  rewriteResponse,
  sectionEditBody,
  sectionSavedResponse,
  sectionVersionResponse,
} from '@/lib/http/api/sections';

/** A section as the document page hands it to the canvas (GET /api/documents/:id). */
export type CanvasSectionJson = DocumentSectionJson;
export type { FactFlagJson };

/** The server's text of a section at one version: what an editor's content derives from. */
export interface SectionSnapshot {
  version: number;
  body: string;
}

/** GET /api/sections/:id/versions: newest first, a page at a time. */
export type SectionVersionJson = z.infer<typeof sectionVersionResponse>;

/** PATCH /api/sections/:id and POST …/restore: the version just saved. */
export type SectionSavedJson = z.infer<typeof sectionSavedResponse>;

/** POST /api/sections/:id/rewrite: applied, or held back as a proposal (the replacement text) with its flags. */
export type RewriteResponse = z.infer<typeof rewriteResponse>;

/** POST /api/sections/:id/proposals/:proposalId/accept. */
export type AcceptedProposalJson = z.infer<typeof appliedRewriteResponse>;

export type ProposalRejectedJson = z.infer<typeof proposalRejectedResponse>;

/** POST /api/sections/:id/flags/dismiss: the flags left and the section's status. */
export type FlagDismissedJson = z.infer<typeof flagDismissedResponse>;

export type SectionEditBody = z.input<typeof sectionEditBody>;
export type RewriteBody = z.input<typeof rewriteBody>;
export type RestoreBody = z.input<typeof restoreBody>;
export type AcceptProposalBody = z.input<typeof acceptProposalBody>;
export type DismissFlagBody = z.input<typeof dismissFlagBody>;

/** A rewrite the fact check held back, as the canvas shows it. */
export interface PendingProposal {
  id: string;
  start: number;
  end: number;
  original: string;
  replacement: string;
  flags: FactFlagJson[];
  baseVersion: number;
}

/** Manual-edit state of one section, shown next to its title. */
/** `conflict`: the server has a newer version than the one this text was edited from (never "saved" then). */
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

/** Sections the pipeline has not finished: read-only, "being written…". */
export const PIPELINE_STATUSES = ['planned', 'ready', 'writing'];

export type CanvasRole = DocumentRole;

export function canEdit(role: CanvasRole): boolean {
  return role === 'owner' || role === 'editor';
}
