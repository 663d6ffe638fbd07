import { activeChatShare, createChatShare, revokeChatShare } from '@/lib/chat/share-chat';
import { resolveAuthSecret } from '@/lib/deployment-secret';
import type { App } from '@/lib/app';
import { linkOrigin, requestOrigin } from '@/lib/http/request-origin';
import { userRoute } from '@/lib/http/session-route';

// the address the owner reached this server by (or APP_URL), and the secret the link's token is derived with
const linkBase = (app: App, request: Request) => ({
  origin: linkOrigin(request, app.config.appUrl) ?? requestOrigin(request) ?? '',
  secret: resolveAuthSecret(app.config.authSecret, app.config.dataDir),
});

/** The owner makes a read-only link to the chat as it is now (404 for anyone else, 409 while a link is active). */
export const POST = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  return Response.json(await createChatShare(app.db, id, user.id, linkBase(app, request)), { status: 201 });
});

/** The chat's active link, for its owner (404 when there is none). */
export const GET = userRoute<{ id: string }>(async ({ request, app, user, params: { id } }) => {
  return Response.json(await activeChatShare(app.db, id, user.id, linkBase(app, request)));
});

/** The owner revokes the link: its address is a 404 from now on. */
export const DELETE = userRoute<{ id: string }>(async ({ app, user, params: { id } }) => {
  await revokeChatShare(app.db, id, user.id);
  return Response.json({ revoked: true });
});
