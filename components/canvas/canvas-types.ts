import type { DocumentSectionJson, FactFlagJson } from '@/components/documents/document-types';

/** A section as the document page hands it to the canvas (GET /api/documents/:id). */
export type CanvasSectionJson = DocumentSectionJson;
export type { FactFlagJson };

/** The server's text of a section at one version: what an editor's content derives from. */
export interface SectionSnapshot {
  version: number;
  body: string;
}

export type VersionKind = 'draft' | 'manual' | 'rewrite' | 'restore';

/** GET /api/sections/:id/versions, oldest first. */
export interface SectionVersionJson {
  version: number;
  kind: VersionKind;
  author: string;
  createdAt: string;
  body: string;
}

/** POST /api/sections/:id/rewrite. */
export type RewriteResponse =
  | { applied: true; version: number; body: string; range?: { start: number; end: number } }
  | { applied: false; proposalId: string; proposal: unknown; flags: FactFlagJson[] };

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

export type CanvasRole = 'owner' | 'editor' | 'reviewer';

export function canEdit(role: CanvasRole): boolean {
  return role === 'owner' || role === 'editor';
}
