import { CAN, requireSectionRole } from '@/lib/documents/access';
import { writeSectionVersion } from '@/lib/documents/sections/section-versions';
import { readJson } from '@/lib/http/handler';
import { sectionEditBody as body } from '@/lib/http/api/sections';
import { userRoute } from '@/lib/http/session-route';

/**
 * A manual edit: 200 `{version}`, or 409 with the current text when `baseVersion` is stale.
 * Autosaves in one editing burst update one version (lib/documents/sections/edit-burst.ts).
 */
export const PATCH = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const input = await readJson(request, body, 512 * 1024);
  await requireSectionRole(app.db, id, user.id, CAN.edit);
  const saved = await writeSectionVersion(app.db, {
    sectionId: id,
    authorId: user.id,
    body: input.body,
    baseVersion: input.baseVersion,
    kind: input.resolvesConflict ? 'resolve' : 'manual',
    how: 'edited',
  });
  return Response.json({ version: saved.version });
});
