import { z } from 'zod';
import { getApp } from '@/lib/app';
import { createInvite, INVITE_DAYS_MAX, inviteLink, listInvites } from '@/lib/auth/invites';
import { requireStaff } from '@/lib/auth/session';
import { inviteMail } from '@/lib/mail/link-mail';
import { readJson, route } from '@/lib/http/handler';

const body = z.object({
  email: z.string().trim().email().max(254).optional().or(z.literal('').transform(() => undefined)),
  days: z.number().int().min(1).max(INVITE_DAYS_MAX).optional(),
});

/** A sign-up link for one new account; the link is in this answer only (the server keeps its hash). */
export const POST = route(async (request) => {
  const app = await getApp();
  const staff = await requireStaff(app, request);
  const { email, days } = await readJson(request, body);
  const { token, invite } = await createInvite(app.db, { createdById: staff.id, email, days });
  const link = inviteLink(app.config.appUrl ?? new URL(request.url).origin, token);
  if (invite.email) app.mailer.post(inviteMail(invite.email, link, staff.name || staff.email, invite.expiresAt));
  console.log(JSON.stringify({ event: 'invite_created', inviteId: invite.id, by: staff.id, email: invite.email }));
  return Response.json({ invite, link, mailed: Boolean(invite.email) && app.mailer.delivers }, { status: 201 });
});

/** Every invite, newest first, with who made it and who used it. */
export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  return Response.json(await listInvites(app.db));
});
