import type { RequestRate } from '@/lib/rate-limit/rate-limit';
import { scheduleSummary } from './summaries';
import { prepareTurn, type TurnRequest } from './turn/prepare-turn';
import { streamTurnResponse } from './turn/turn-response';
import type { TurnDeps } from './turn/types';

/** The one call route handlers make to start, continue or retry a turn; `request` is the person's (its abort is their leaving). */
export async function startTurnResponse(
  deps: TurnDeps,
  rate: RequestRate,
  request: Request,
  req: Omit<TurnRequest, 'userId' | 'rateLimitPerMinute' | 'clientAddress'>,
): Promise<Response> {
  const turnRequest = {
    ...req,
    userId: rate.subject.userId,
    rateLimitPerMinute: rate.perMinute,
    clientAddress: rate.subject.clientAddress,
  };
  const turn = await (deps.admission ?? run)(() => prepareTurn(deps, turnRequest));
  return streamTurnResponse(deps, turn, request, (outcome) => {
    if (turn.needsSummary && outcome.status !== 'error') scheduleSummary(deps, turn);
  });
}

const run = <T>(work: () => Promise<T>) => work();
