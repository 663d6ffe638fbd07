import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireSectionRole } from '@/lib/documents/access';
import { restoreSectionVersion } from '@/lib/documents/section-edits';
import { readJson, route } from '@/lib/http/handler';
import { restoreBody as body } from '@/lib/documents/sections-api';

/** Appends the old text as a new version (nothing is deleted); 409 on a stale base. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const input = await readJson(request, body);
  await requireSectionRole(app.db, id, user.id, CAN.restore);
  const saved = await restoreSectionVersion(app.db, { sectionId: id, userId: user.id, ...input });
  return Response.json({ version: saved.version });
});
