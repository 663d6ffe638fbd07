import { createInvite, inviteLink, listInvites } from '@/lib/auth/invites';
import { inviteMail } from '@/lib/mail/link-mail';
import { parseQuery, readJson } from '@/lib/http/handler';
import { inviteBody as body, invitesQuery as listQuery } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { logEvent } from '@/lib/log';
import { staffRoute } from '@/lib/http/session-route';
import { linkOrigin, requestOrigin } from '@/lib/http/request-origin';

/** A sign-up link for one new account; the link is in this answer only (the server keeps its hash). */
export const POST = staffRoute(async ({ request, app, user: staff, actor }) => {
  const { email, days } = await readJson(request, body);
  const { token, invite } = await createInvite(app.db, { createdBy: actor, email, days });
  // the address staff reached this server by (or APP_URL): never a Host header the server cannot vouch for
  const origin = linkOrigin(request, app.config.appUrl);
  const link = inviteLink(origin ?? requestOrigin(request) ?? '', token);
  const mail = Boolean(invite.email && origin);
  if (mail) app.mailer.post(inviteMail(invite.email!, link, staff.name || staff.email, invite.expiresAt));
  logEvent({ event: 'invite_created', inviteId: invite.id, by: staff.id, email: invite.email });
  return Response.json({ invite, link, mailed: mail && app.mailer.delivers }, { status: 201 });
});

/** Every invite, newest first, with who made it and who used it; a page at a time (the next one in the `Link` header). */
export const GET = staffRoute(async ({ request, app }) => {
  return pageResponse(request, await listInvites(app.db, pageRequest(parseQuery(request, listQuery))));
});
