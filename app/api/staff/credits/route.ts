import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { grantCredits } from '@/lib/billing/ledger';
import { listCredits } from '@/lib/billing/ledger-view';
import { notFound } from '@/lib/http/errors';
import { parseQuery, readJson, route } from '@/lib/http/handler';

const body = z.object({
  email: z.string().email(),
  amountMicros: z.number().int().positive().max(1_000_000_000_000),
  reason: z.string().trim().min(1, 'Say why the credits are added.').max(500),
});

/** A top-up, logged with the staff member who made it. */
export const POST = route(async (request) => {
  const app = await getApp();
  const staff = await requireStaff(app, request);
  const { email, amountMicros, reason } = await readJson(request, body);
  const user = await app.db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) throw notFound(`No user with the email ${email}.`);
  await grantCredits(app.db, { userId: user.id, amountMicros: BigInt(amountMicros), reason, grantedById: staff.id });
  console.log(JSON.stringify({ event: 'credits_granted', userId: user.id, amountMicros, by: staff.id, reason }));
  return Response.json({ ok: true }, { status: 201 });
});

const query = z.object({ user: z.string().max(200).optional() });

/** Top-ups with their reasons: one user's (by email), or everyone's. */
export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  const { user } = parseQuery(request, query);
  let userId: string | undefined;
  if (user) {
    const found = await app.db.user.findUnique({ where: { email: user.toLowerCase() }, select: { id: true } });
    if (!found) throw notFound(`No user with the email ${user}.`);
    userId = found.id;
  }
  return Response.json(await listCredits(app.db, { userId }));
});
