import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import { writeSectionVersion } from '@/lib/documents/section-edits';
import { readJson, route } from '@/lib/http/handler';
import { sectionEditBody as body } from '@/lib/documents/sections-api';

/** A manual edit: 200 `{version}`, or 409 with the current text when `baseVersion` is stale. */
export const PATCH = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const input = await readJson(request, body, 512 * 1024);
  await requireSectionRole(app.db, id, user.id, CAN.edit);
  const saved = await writeSectionVersion(app.db, { sectionId: id, authorId: user.id, body: input.body, baseVersion: input.baseVersion, kind: 'manual', how: 'edited' });
  return Response.json({ version: saved.version });
});
