import { z } from 'zod';
import { getApp } from '@/lib/app';
import { requireUser } from '@/lib/auth/session';
import { createChat, listArchivedChats, listChats } from '@/lib/chat/chats';
import { SEARCH_QUERY_MAX, searchChats } from '@/lib/chat/search-chats';
import { parseQuery, readJson, route } from '@/lib/http/handler';

const createBody = z.object({
  title: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  /** start a new topic from this chat: its key facts come along */
  carrySlotsFrom: z.string().max(100).optional(),
  /** "New chat" in the app: reuse the person's untouched chat instead of adding another empty one */
  reuseEmpty: z.boolean().optional(),
});

export const POST = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const body = await readJson(request, createBody);
  return Response.json(await createChat(app.db, app.catalog, user.id, body), { status: 201 });
});

const listQuery = z.object({ status: z.enum(['archived']).optional(), q: z.string().max(SEARCH_QUERY_MAX).optional() });

/** Own chats, newest activity first; `?status=archived` lists the archived ones, `?q=` searches them all. */
export const GET = route(async (request) => {
  const app = await getApp();
  const user = await requireUser(app, request);
  const { status, q } = parseQuery(request, listQuery);
  if (q !== undefined) return Response.json(await searchChats(app.db, user.id, q));
  return Response.json(status === 'archived' ? await listArchivedChats(app.db, user.id) : await listChats(app.db, user.id));
});
