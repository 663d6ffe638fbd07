import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireStaff } from '@/lib/auth/session';
import { listTranscripts } from '@/lib/chat/transcripts';
import { parseQuery, route } from '@/lib/http/handler';

const query = z.object({
  status: z.enum(['stopped', 'truncated', 'error']).optional(),
  model: z.string().max(200).optional(),
  user: z.string().max(200).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

export const GET = route(async (request) => {
  const app = await getApp();
  await requireStaff(app, request);
  return Response.json(await listTranscripts(app.db, parseQuery(request, query)));
});
