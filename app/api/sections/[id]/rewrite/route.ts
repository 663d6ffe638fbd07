import { pipelineDepsFromApp } from '@/lib/documents/pipeline-deps';
import { rewriteRange } from '@/lib/documents/rewrite/rewrite-range';
import { readJson } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';
import { rewriteBody as body } from '@/lib/documents/sections-api';
import { userRoute } from '@/lib/http/session-route';

/** 200 `{applied: true, version, body, range}` or `{applied: false, proposalId, proposal, flags}`; 400, 402, 403, 404, 409, 422. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  const input = await readJson(request, body);
  const result = await rewriteRange(pipelineDepsFromApp(app), {
    sectionId: id,
    userId: user.id,
    ...input,
    signal: request.signal,
    rateLimit: { perMinute: app.config.rateLimitPerMinute, clientAddress: clientAddress(request.headers) },
  });
  return Response.json(result);
});
