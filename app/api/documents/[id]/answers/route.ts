import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { answerQuestions } from '@/lib/documents/pipeline/answers';
import { readJson } from '@/lib/http/handler';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';
import { answersBody as body } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const { answers } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  // answers set the pipeline's model calls going again
  await takeRequestRate(app.db, rate);
  return Response.json(await answerQuestions(app.db, id, answers));
});
