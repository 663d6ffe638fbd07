import { rewriteRange } from '@/lib/documents/sections/rewrite/rewrite-range';
import { readJson } from '@/lib/http/handler';
import { rewriteBody as body } from '@/lib/http/api/sections';
import { userRoute } from '@/lib/http/session-route';

/** 200 `{applied: true, version, body, range}` or `{applied: false, proposalId, proposal, flags}`; 400, 402, 403, 404, 409, 422. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const input = await readJson(request, body);
  const result = await rewriteRange(app.pipeline, {
    sectionId: id,
    userId: user.id,
    ...input,
    signal: request.signal,
    rateLimit: rate,
  });
  return Response.json(result);
});
