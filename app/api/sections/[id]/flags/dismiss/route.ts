import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { dismissFlag } from '@/lib/documents/dismiss-flag';
import { dismissFlagBody as body } from '@/lib/documents/sections-api';
import { readJson, route } from '@/lib/http/handler';
import { clientAddress } from '@/lib/http/request-origin';

/** 200 `{token, reason, flags, status}`: the flag leaves the section, who and why are kept; 400, 403, 404, 429. */
export const POST = route<{ id: string }>(async (request, { id }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const input = await readJson(request, body);
  const result = await dismissFlag(app.db, {
    sectionId: id,
    userId: user.id,
    ...input,
    rateLimit: { perMinute: app.config.rateLimitPerMinute, clientAddress: clientAddress(request.headers) },
  });
  return Response.json(result);
});
