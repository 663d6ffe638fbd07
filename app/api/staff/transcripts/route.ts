import { listTranscripts } from '@/lib/chat/transcripts';
import { parseQuery } from '@/lib/http/handler';
import { transcriptsQuery as query } from '@/lib/http/api/staff';
import { staffRoute } from '@/lib/http/session-route';

export const GET = staffRoute(async ({ request, app }) => {
  return Response.json(await listTranscripts(app.db, parseQuery(request, query)));
});
