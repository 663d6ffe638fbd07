import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { listLedger } from '@/lib/billing/ledger-view';
import { parseQuery, route } from '@/lib/http/handler';

const query = z.object({
  chatId: z.string().max(100).optional(),
  documentId: z.string().max(100).optional(),
  status: z.enum(['reserved', 'settled', 'refunded']).optional(),
});

export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  return Response.json(await listLedger(app.db, { userId: user.id, ...parseQuery(request, query) }));
});
