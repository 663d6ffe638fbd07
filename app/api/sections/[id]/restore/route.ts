import { CAN, requireSectionRole } from '@/lib/documents/access';
import { restoreSectionVersion } from '@/lib/documents/sections/section-versions';
import { readJson } from '@/lib/http/handler';
import { restoreBody as body } from '@/lib/http/api/sections';
import { userRoute } from '@/lib/http/session-route';

/** Appends the old text as a new version (nothing is deleted); 409 on a stale base. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const input = await readJson(request, body);
  await requireSectionRole(app.db, id, user.id, CAN.restore);
  const saved = await restoreSectionVersion(app.db, { sectionId: id, userId: user.id, ...input });
  return Response.json({ version: saved.version });
});
