import { dismissFlag } from '@/lib/documents/sections/dismiss-flag';
import { dismissFlagBody as body } from '@/lib/http/api/sections';
import { readJson } from '@/lib/http/handler';
import { userRoute } from '@/lib/http/session-route';

/** 200 `{token, reason, flags, status}`: the flag leaves the section, who and why are kept; 400, 403, 404, 429. */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, rate, params: { id } }) => {
  const input = await readJson(request, body);
  const result = await dismissFlag(app.db, {
    sectionId: id,
    userId: user.id,
    ...input,
    rateLimit: rate,
  });
  return Response.json(result);
});
