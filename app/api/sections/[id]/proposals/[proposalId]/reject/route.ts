import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { rejectProposal } from '@/lib/documents/rewrite/proposals';
import { route } from '@/lib/http/handler';

/** Marks a pending proposal rejected: 200 `{proposalId, status: "rejected"}`; the section is not touched. */
export const POST = route<{ id: string; proposalId: string }>(async (request, { id, proposalId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await rejectProposal(app.db, { sectionId: id, proposalId, userId: user.id }));
});
