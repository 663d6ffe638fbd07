import { getApp, type App } from '@/lib/app';
import { requireStaff, requireUser, type SessionUser } from '@/lib/auth/session';
import { route } from './handler';

/** What a signed-in route handler is handed: the request, the process's App, the caller and the path parameters. */
export interface SessionRouteContext<P> {
  request: Request;
  app: App;
  user: SessionUser;
  params: P;
}

type SessionHandler<P> = (context: SessionRouteContext<P>) => Promise<Response>;

/**
 * A route for signed-in people: `route()`'s same-origin rule and error table,
 * then the session (401 without one) before the handler runs, so every check
 * the handler makes comes after the 401 (docs/api.md's order of refusals).
 */
export function userRoute<P = Record<string, string>>(handler: SessionHandler<P>) {
  return route<P>(async (request, params) => {
    const app = await getApp();
    const user = await requireUser(app, request);
    return handler({ request, app, user, params });
  });
}

/** A route for staff only: 401 without a session, 403 for anyone who is not staff. */
export function staffRoute<P = Record<string, string>>(handler: SessionHandler<P>) {
  return route<P>(async (request, params) => {
    const app = await getApp();
    const user = await requireStaff(app, request);
    return handler({ request, app, user, params });
  });
}
