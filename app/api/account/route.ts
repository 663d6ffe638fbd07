import { deleteAccount } from '@/lib/account/delete-account';
import { accountDeletionRule } from '@/lib/account/limits';
import { hasPassword, passwordMatches } from '@/lib/auth/password-check';
import { AppError } from '@/lib/errors';
import { readJson } from '@/lib/http/handler';
import { deleteAccountBody as body } from '@/lib/http/api/account';
import { userRoute } from '@/lib/http/session-route';
import { logEvent } from '@/lib/log';
import { takeRateRules } from '@/lib/rate-limit/rate-limit';

/** "Delete my account": the current password, and which shared documents pass to a co-editor. */
export const DELETE = userRoute(async ({ request, app, actor }) => {
  const input = await readJson(request, body);
  await takeRateRules(app.db, [accountDeletionRule(actor.userId)]);
  // when this session signed in (the cached person does not say): what an account without a password proves itself by
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) throw new AppError('unauthorized', 'Sign in to continue.');
  const result = await deleteAccount(
    {
      db: app.db,
      password: {
        exists: (userId) => hasPassword(app.db, userId),
        matches: (userId, password) => passwordMatches(app.auth, app.db, userId, password),
      },
      forgetSessions: (userId) => app.sessions.forgetUser(userId),
    },
    actor,
    { ...input, signedInAt: new Date(session.session.createdAt) },
  );
  logEvent({ event: 'account_deleted', userId: actor.userId });
  return Response.json(result);
});
