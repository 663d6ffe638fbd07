import { userIdByEmail } from '@/lib/auth/user-by-email';
import { grantCredits } from '@/lib/billing/ledger';
import { listCredits } from '@/lib/billing/ledger-view';
import { AppError } from '@/lib/errors';
import { parseQuery, readJson } from '@/lib/http/handler';
import { logEvent } from '@/lib/log';
import { creditsBody as body, creditsQuery as query, idempotencyKey } from '@/lib/http/api/staff';
import { pageRequest, pageResponse } from '@/lib/http/paging';
import { staffRoute } from '@/lib/http/session-route';

/**
 * A top-up, logged with the staff member who made it. An `Idempotency-Key`
 * header (or `idempotencyKey` field) makes it safe to send twice: the second
 * answer is 200 with the first grant, and nothing more is added.
 */
export const POST = staffRoute(async ({ request, app, user: staff, actor }) => {
  const input = await readJson(request, body);
  const header = request.headers.get('idempotency-key');
  const key = header === null ? input.idempotencyKey : idempotencyKey.parse(header);
  if (header !== null && input.idempotencyKey !== undefined && input.idempotencyKey !== key) {
    throw new AppError('bad_request', 'The Idempotency-Key header and the idempotencyKey field differ.');
  }
  const userId = await userIdByEmail(app.db, input.email);
  const grant = await grantCredits(app.db, {
    userId,
    amountMicros: BigInt(input.amountMicros),
    reason: input.reason,
    grantedBy: actor,
    idempotencyKey: key,
  });
  if (!grant.replayed) {
    logEvent({
      event: 'credits_granted',
      userId,
      amountMicros: input.amountMicros,
      by: staff.id,
      reason: input.reason,
      grantId: grant.grantId,
    });
  }
  return Response.json(
    { ok: true, grantId: grant.grantId, amountMicros: Number(grant.amountMicros), replayed: grant.replayed },
    { status: grant.replayed ? 200 : 201 },
  );
});

/** Top-ups with their reasons: one user's (by email), or everyone's; newest first, a page at a time. */
export const GET = staffRoute(async ({ request, app }) => {
  const { user, ...paging } = parseQuery(request, query);
  const userId = user ? await userIdByEmail(app.db, user) : undefined;
  return pageResponse(request, await listCredits(app.db, { userId }, pageRequest(paging)));
});
