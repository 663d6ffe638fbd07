import type { Json } from '@/components/api/api-types';
import type { DocumentSectionJson, FactFlagJson } from '@/components/documents/document-types';
import type { DocumentRole } from '@/lib/documents/access';
import type { AppliedRewrite } from '@/lib/documents/sections/rewrite/proposals';
import type { RewriteResult } from '@/lib/documents/sections/rewrite/rewrite-range';
import type { SectionVersionView } from '@/lib/documents/sections/section-versions';

/** A section as the document page hands it to the canvas (GET /api/documents/:id). */
export type CanvasSectionJson = DocumentSectionJson;
export type { FactFlagJson };

/** The server's text of a section at one version: what an editor's content derives from. */
export interface SectionSnapshot {
  version: number;
  body: string;
}

/** GET /api/sections/:id/versions, oldest first. */
export type SectionVersionJson = Json<SectionVersionView>;

/** POST /api/sections/:id/rewrite: applied, or held back as a proposal (the replacement text) with its flags. */
export type RewriteResponse = Json<RewriteResult>;

/** POST /api/sections/:id/proposals/:proposalId/accept. */
export type AcceptedProposalJson = Json<AppliedRewrite>;

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
export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

/** Sections the pipeline has not finished: read-only, "being written…". */
export const PIPELINE_STATUSES = ['planned', 'ready', 'writing'];

export type CanvasRole = DocumentRole;

export function canEdit(role: CanvasRole): boolean {
  return role === 'owner' || role === 'editor';
}
