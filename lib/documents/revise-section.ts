import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/http/errors';
import { factCheck, type FactFlag } from './canvas/fact-check';
import { canonicalize } from './canvas/serialize-section';
import { CAN, requireDocumentRole } from './access';
import { numberedFacts } from './facts';
import { reviseSectionPrompt } from './prompts/revise-section';
import type { PipelineDeps } from './pipeline-deps';
import { writeSectionVersion } from './section-edits';
import { rewriteScope } from './rewrite/rewrite-model-call';
import { callModelBilled } from './steps/call-model';

export type RevisionResult =
  | { applied: true; sectionId: string; section: string; version: number; changed: boolean }
  | { applied: false; sectionId: string; section: string; reason: string; flags: FactFlag[] };

export interface RevisionRequest {
  userId: string;
  documentId: string;
  /** a section title (or a unique part of it) or its position number */
  section: string;
  instruction: string;
  signal?: AbortSignal;
}

/**
 * Revises one whole section by instruction (the chat's revise_section tool):
 * the model gets the section text, its facts and the instruction and returns
 * only the new text; the code fact check gates it (one regeneration), and it
 * is saved as a `rewrite` version against the version it was made from.
 */
export async function reviseSection(deps: PipelineDeps, request: RevisionRequest): Promise<RevisionResult> {
  await requireDocumentRole(deps.db, request.documentId, request.userId, CAN.edit);
  const document = await deps.db.document.findUniqueOrThrow({ where: { id: request.documentId }, include: { job: true, sections: { orderBy: { position: 'asc' } } } });
  const section = findSection(document.sections, request.section);
  if (section.status !== 'written' && section.status !== 'flagged') throw new AppError('conflict', `“${section.title}” has not been written yet.`);
  const scope = rewriteScope(deps, document, request.signal ?? new AbortController().signal);
  const facts = await numberedFacts(deps.db, section.id);
  const stepKey = `revise:${section.id}:${randomUUID()}`;
  const allowed = [document.title, document.request, section.title, section.brief, request.instruction];
  const attempt = async (regeneration: string[] | null) => {
    const { text } = await callModelBilled(scope, {
      stepKey,
      purpose: 'revise',
      ...reviseSectionPrompt({ instruction: request.instruction, body: section.body, facts, regenerationOf: regeneration }),
      maxOutputTokens: deps.maxOutputTokens,
    });
    const body = canonicalize(text.trim());
    return { body, flags: factCheck({ text: body, facts: facts.map((f) => f.text), allowedSources: allowed }).flags };
  };
  let draft = await attempt(null);
  if (draft.flags.length > 0) draft = await attempt([...new Set(draft.flags.map((f) => f.token))]);
  if (draft.flags.length > 0) {
    return { applied: false, sectionId: section.id, section: section.title, reason: 'The revision used figures or names the facts do not support.', flags: draft.flags };
  }
  const saved = await writeSectionVersion(deps.db, { sectionId: section.id, authorId: request.userId, body: draft.body, baseVersion: section.version, kind: 'rewrite', how: 'revised' });
  return { applied: true, sectionId: section.id, section: section.title, version: saved.version, changed: saved.changed };
}

function findSection<T extends { title: string; position: number }>(sections: T[], wanted: string): T {
  const key = wanted.trim().toLowerCase();
  const position = Number.parseInt(key.replace(/^section\s*/, ''), 10);
  const match =
    sections.find((s) => s.title.toLowerCase() === key) ??
    (Number.isFinite(position) && String(position) === key.replace(/^section\s*/, '') ? sections.find((s) => s.position === position) : undefined) ??
    onlyOne(sections.filter((s) => s.title.toLowerCase().includes(key)));
  if (!match) throw new AppError('not_found', `No section matches “${wanted}”. Sections: ${sections.map((s) => `${s.position}. ${s.title}`).join('; ')}`);
  return match;
}

function onlyOne<T>(items: T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}
