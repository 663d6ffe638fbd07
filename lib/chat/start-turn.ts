import type { App } from '@/lib/app';
import type { SessionUser } from '@/lib/auth/session';
import { clientAddress } from '@/lib/http/request-origin';
import { scheduleSummary } from './summaries';
import { prepareTurn, type TurnRequest } from './turn/prepare-turn';
import { streamTurnResponse } from './turn/turn-response';

/** The one call route handlers make to start, continue or retry a turn. */
export async function startTurnResponse(
  app: App,
  user: SessionUser,
  request: Request,
  req: Omit<TurnRequest, 'userId' | 'rateLimitPerMinute' | 'clientAddress'>,
): Promise<Response> {
  const deps = app.turnDeps;
  const turnRequest = {
    ...req,
    userId: user.id,
    rateLimitPerMinute: app.config.rateLimitPerMinute,
    clientAddress: clientAddress(request.headers),
  };
  const turn = await (deps.admission ?? run)(() => prepareTurn(deps, turnRequest));
  return streamTurnResponse(deps, turn, request, (outcome) => {
    if (turn.needsSummary && outcome.status !== 'error') scheduleSummary(app, turn);
  });
}

const run = <T>(work: () => Promise<T>) => work();
