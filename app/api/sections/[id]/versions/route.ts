import { CAN, requireSectionRole } from '@/lib/documents/access';
import { listSectionVersions } from '@/lib/documents/sections/section-versions';
import { userRoute } from '@/lib/http/session-route';

export const GET = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await requireSectionRole(app.db, id, user.id, CAN.read);
  return Response.json(await listSectionVersions(app.db, id));
});
