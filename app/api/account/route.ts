import { deleteAccount } from '@/lib/account/delete-account';
import { accountDeletionRule } from '@/lib/account/limits';
import { passwordMatches } from '@/lib/auth/password-check';
import { readJson } from '@/lib/http/handler';
import { deleteAccountBody as body } from '@/lib/http/api/account';
import { userRoute } from '@/lib/http/session-route';
import { logEvent } from '@/lib/log';
import { takeRateRules } from '@/lib/rate-limit/rate-limit';

/** "Delete my account": the current password, and which shared documents pass to a co-editor. */
export const DELETE = userRoute(async ({ request, app, actor }) => {
  const input = await readJson(request, body);
  await takeRateRules(app.db, [accountDeletionRule(actor.userId)]);
  const result = await deleteAccount(
    {
      db: app.db,
      passwordMatches: (userId, password) => passwordMatches(app.auth, app.db, userId, password),
      forgetSessions: (userId) => app.sessions.forgetUser(userId),
    },
    actor,
    input,
  );
  logEvent({ event: 'account_deleted', userId: actor.userId });
  return Response.json(result);
});
