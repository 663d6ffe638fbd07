import { CAN, requireSectionRole } from '@/lib/documents/access';
import { listSectionVersions } from '@/lib/documents/sections/section-versions';
import { parseQuery } from '@/lib/http/handler';
import { sectionVersionsQuery as query } from '@/lib/http/api/sections';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { userRoute } from '@/lib/http/session-route';

/** A section's versions, newest first, a page at a time (the next one in the `Link` header). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const page = pageRequest(parseQuery(request, query));
  await requireSectionRole(app.db, id, user.id, CAN.read);
  return pageResponse(request, await listSectionVersions(app.db, id, page));
});
