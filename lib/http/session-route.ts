import { getApp, type App } from '@/lib/app';
import type { PersonActor } from '@/lib/audit/audit-log';
import { requireStaff, requireUser, type SessionUser } from '@/lib/http/auth-session';
import type { RequestRate } from '@/lib/rate-limit/rate-limit';
import { route } from './handler';
import { clientAddress } from './request-origin';

/** What a signed-in route handler is handed: the request, the process's App, the caller and the path parameters. */
export interface SessionRouteContext<P> {
  request: Request;
  app: App;
  user: SessionUser;
  params: P;
  /** the caller and their client address, with the deployment's per-minute limit: what a model call or upload counts against */
  rate: RequestRate;
  /** the caller as the audit log records them: id, email and client address */
  actor: PersonActor;
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
    return handler({ request, app, user, params, rate: requestRate(app, user, request), actor: auditActor(user, request.headers) });
  });
}

/** A route for staff only: 401 without a session, 403 for anyone who is not staff. */
export function staffRoute<P = Record<string, string>>(handler: SessionHandler<P>) {
  return route<P>(async (request, params) => {
    const app = await getApp();
    const user = await requireStaff(app, request);
    return handler({ request, app, user, params, rate: requestRate(app, user, request), actor: auditActor(user, request.headers) });
  });
}

/** Who is acting and from which address (the one the server established under TRUST_PROXY's rules), for the audit log. */
export function auditActor(user: SessionUser, headers: Headers): PersonActor {
  return { userId: user.id, email: user.email, address: clientAddress(headers) ?? null };
}

function requestRate(app: App, user: SessionUser, request: Request): RequestRate {
  return { subject: { userId: user.id, clientAddress: clientAddress(request.headers) }, perMinute: app.config.rateLimitPerMinute };
}
