import { CAN, requireDocumentRole } from '@/lib/documents/access';
import { resumeJob } from '@/lib/documents/pipeline/job-control';
import { readJson } from '@/lib/http/handler';
import { takeRequestRate } from '@/lib/rate-limit/rate-limit';
import { resumeBody as body } from '@/lib/http/api/documents';
import { userRoute } from '@/lib/http/session-route';

export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const { budgetMicros } = await readJson(request, body);
  await requireDocumentRole(app.db, id, user.id, CAN.manage);
  await takeRequestRate(app.db, rate);
  return Response.json(await resumeJob(app.db, id, { budgetMicros: budgetMicros === undefined ? undefined : BigInt(budgetMicros) }));
});
