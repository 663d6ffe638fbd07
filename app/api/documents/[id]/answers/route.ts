import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { answerQuestions } from '@/lib/documents/answers';
import { readJson, route } from '@/lib/http/handler';
import { takeRateLimit } from '@/lib/http/rate-limit';
import { clientAddress } from '@/lib/http/request-origin';

const body = z.object({ answers: z.array(z.object({ questionId: z.string().min(1).max(100), text: z.string().trim().min(1).max(2000) })).min(1).max(10) });

export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { answers } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  // answers set the pipeline's model calls going again
  await takeRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) }, app.config.rateLimitPerMinute);
  return Response.json(await answerQuestions(app.db, id, answers));
});
