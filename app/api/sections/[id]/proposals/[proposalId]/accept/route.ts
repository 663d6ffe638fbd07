import { acceptProposal } from '@/lib/documents/sections/rewrite/proposals';
import { readJson } from '@/lib/http/handler';
import { acceptProposalBody as body } from '@/lib/http/api/sections';
import { userRoute } from '@/lib/http/session-route';

/** Applies a pending proposal as a `rewrite` version: 200 `{applied: true, version, body, range}`, or 409 with the current text. */
export const POST = userRoute<{ id: string; proposalId: string }>(async ({ request, app, user, params: { id, proposalId } }) => {
  const input = await readJson(request, body);
  return Response.json(await acceptProposal(app.db, { sectionId: id, proposalId, userId: user.id, baseVersion: input.baseVersion }));
});
