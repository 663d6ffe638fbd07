import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { pipelineDepsFromApp } from '@/lib/documents/pipeline-deps';
import { rewriteRange } from '@/lib/documents/rewrite/rewrite-range';
import { readJson, route } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';
import { rewriteBody as body } from '@/lib/documents/sections-api';

/** 200 `{applied: true, version, body, range}` or `{applied: false, proposalId, proposal, flags}`; 400, 402, 403, 404, 409, 422. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
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
