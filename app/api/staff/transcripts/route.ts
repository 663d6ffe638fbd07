import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { listTranscripts } from '@/lib/chat/transcripts';
import { parseQuery, route } from '@/lib/http/handler';
import { transcriptsQuery as query } from '@/lib/auth/staff-api';

export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  return Response.json(await listTranscripts(app.db, parseQuery(request, query)));
});
