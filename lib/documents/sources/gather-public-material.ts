import type { StepContext } from '../steps/step-context';
import { publicSearchAllowed } from './public-search';
import type { SourceParagraphRef } from './source-material';

const PUBLIC_PARAGRAPHS_PER_SECTION = 6;

/**
 * Public research for one section, kept as sources of the document so its facts
 * cite a page and paragraph like any attached file. When the deployment or the
 * request does not allow it, nothing runs: no search call, no empty sources.
 */
export async function gatherPublicMaterial(ctx: StepContext, query: string): Promise<SourceParagraphRef[]> {
  const { deps, document } = ctx;
  if (!publicSearchAllowed(deps.publicSources, document.allowPublicSources, deps.publicSearch)) return [];
  const results = await deps.publicSearch.search(query, ctx.signal);
  const material: SourceParagraphRef[] = [];
  for (const result of results) {
    const source = await deps.db.$transaction(async (tx) => {
      const existing = await tx.source.findFirst({ where: { documentId: document.id, url: result.url }, select: { id: true } });
      if (existing) return existing;
      return tx.source.create({
        data: {
          ownerId: document.ownerId,
          documentId: document.id,
          kind: 'web',
          title: result.title,
          url: result.url,
          paragraphs: { create: result.paragraphs.map((text, i) => ({ number: i + 1, text })) },
        },
        select: { id: true },
      });
    });
    const paragraphs = await deps.db.sourceParagraph.findMany({ where: { sourceId: source.id }, orderBy: { number: 'asc' }, take: PUBLIC_PARAGRAPHS_PER_SECTION });
    material.push(...paragraphs.map((p) => ({ sourceId: p.sourceId, number: p.number, text: p.text })));
  }
  return material;
}
