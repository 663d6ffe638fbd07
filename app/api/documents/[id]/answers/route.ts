import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { answerQuestions } from '@/lib/documents/answers';
import { readJson } from '@/lib/http/handler';
import { takeRateLimit } from '@/lib/http/rate-limit';
import { clientAddress } from '@/lib/http/request-origin';
import { answersBody as body } from '@/lib/documents/documents-api';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { answers } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  // answers set the pipeline's model calls going again
  await takeRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) }, app.config.rateLimitPerMinute);
  return Response.json(await answerQuestions(app.db, id, answers));
});
