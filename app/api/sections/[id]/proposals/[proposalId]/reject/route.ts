import { rejectProposal } from '@/lib/documents/sections/rewrite/proposals';
import { userRoute } from '@/lib/http/session-route';

/** Marks a pending proposal rejected: 200 `{proposalId, status: "rejected"}`; the section is not touched. */
export const POST = userRoute<{ id: string; proposalId: string }>(async ({ app, user, params: { id, proposalId } }) => {
  return Response.json(await rejectProposal(app.db, { sectionId: id, proposalId, userId: user.id }));
});
