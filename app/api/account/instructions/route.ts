import { loadPersonalInstructions, savePersonalInstructions } from '@/lib/chat/personal-instructions';
import { readJson } from '@/lib/http/handler';
import { personalInstructionsBody } from '@/lib/http/api/instructions';
import { userRoute } from '@/lib/http/session-route';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';

export const GET = userRoute(async ({ app, user }) => Response.json(await loadPersonalInstructions(app.db, user.id)));

/** Saves About me and How to answer: every chat of the person's carries them from its next turn on. */
export const PUT = userRoute(async ({ request, app, user, rate }) => {
  const body = await readJson(request, personalInstructionsBody);
  await takeRequestRate(app.db, rate);
  return Response.json(await savePersonalInstructions(app.db, user.id, body));
});
