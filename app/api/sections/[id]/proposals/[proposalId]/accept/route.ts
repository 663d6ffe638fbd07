import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { acceptProposal } from '@/lib/documents/rewrite/proposals';
import { readJson, route } from '@/lib/http/handler';
import { acceptProposalBody as body } from '@/lib/documents/sections-api';

/** Applies a pending proposal as a `rewrite` version: 200 `{applied: true, version, body, range}`, or 409 with the current text. */
export const POST = route<{ id: string; proposalId: string }>(async (request, { id, proposalId }) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const input = await readJson(request, body);
  return Response.json(await acceptProposal(app.db, { sectionId: id, proposalId, userId: user.id, baseVersion: input.baseVersion }));
});
