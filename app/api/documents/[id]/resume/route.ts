import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { resumeJob } from '@/lib/documents/job-control';
import { readJson } from '@/lib/http/handler';
import { takeRateLimit } from '@/lib/http/rate-limit';
import { clientAddress } from '@/lib/http/request-origin';
import { resumeBody as body } from '@/lib/documents/documents-api';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const { budgetMicros } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  await takeRateLimit(app.db, { userId: user.id, clientAddress: clientAddress(request.headers) }, app.config.rateLimitPerMinute);
  return Response.json(await resumeJob(app.db, id, { budgetMicros: budgetMicros === undefined ? undefined : BigInt(budgetMicros) }));
});
