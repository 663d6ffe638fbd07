import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { listMembers, shareDocument } from '@/lib/documents/members';
import { parseQuery, readJson } from '@/lib/http/handler';
import { memberListQuery as listQuery, shareBody as body } from '@/lib/http/api/documents';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { linkOrigin } from '@/lib/http/request-origin';
import { userRoute } from '@/lib/http/session-route';

/** The owner shares by address: a member, or an invitation mailed to an address with no account yet (the answer does not say which). */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const { email, role } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  const mail = { mailer: app.mailer, origin: linkOrigin(request, app.config.appUrl), rate: rate.subject };
  return Response.json(await shareDocument(app.db, id, user.id, email, role, mail), { status: 201 });
});

/** The people the document is shared with, newest share first, a page at a time (the next one in the `Link` header). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const page = pageRequest(parseQuery(request, listQuery));
  await requireDocumentRole(app.db, id, user.id, CAN.read);
  return pageResponse(request, await listMembers(app.db, id, page));
});
