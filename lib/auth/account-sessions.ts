import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { describeUserAgent } from './user-agent';

/** One place a person is signed in, as their account page lists it. */
export interface SignedInSession {
  id: string;
  browser: string | null;
  system: string | null;
  /** the client address it signed in from, as the server established it */
  address: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
  /** the session of the request that asked: "This device" */
  current: boolean;
}

/** more than anyone signs in from in a week (a session lasts 7 days unless used); a script signing in each minute would see its newest */
const MAX_LISTED = 100;

/** The person's sessions that have not ended, the current one first, then the most recently active. */
export async function listSignedInSessions(
  db: Db,
  userId: string,
  currentSessionId: string | null,
  now = new Date(),
): Promise<SignedInSession[]> {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: now } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: MAX_LISTED,
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, updatedAt: true },
  });
  return rows
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      address: row.ipAddress ? readableAddress(row.ipAddress) : null,
      signedInAt: row.createdAt,
      lastActiveAt: row.updatedAt,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * better-auth keeps an IPv6 client as its /64 network written out in full
 * (`2001:0db8:0000:0000:0000:0000:0000:0000`, the unit it rate-limits): shown
 * shortened as RFC 5952 writes it, with the `/64` it stands for. IPv4 as stored.
 */
export function readableAddress(stored: string): string {
  const groups = stored.split(':');
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return stored;
  const words = groups.map((group) => Number.parseInt(group, 16).toString(16));
  // the longest run of two or more zero groups (the first of equals) becomes "::"
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && words[start + length] === '0') length++;
    if (length > best.length) best = { start, length };
  }
  const text =
    best.start < 0 ? words.join(':') : `${words.slice(0, best.start).join(':')}::${words.slice(best.start + best.length).join(':')}`;
  return words.slice(4).every((word) => word === '0') ? `${text}/64` : text;
}

/**
 * Ends one of the person's own sessions (404 for any other id, theirs or not:
 * one person cannot learn of another's sessions). The caller forgets the
 * person's cached sessions so that it ends at once.
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  if (count === 0) throw new AppError('not_found', 'No such session: it has ended already, or it is not yours.');
}

/** How stale "last active" may be: one write per session this often at most, on the path of a request that read it anyway. */
export const LAST_ACTIVE_STEP_MS = 5 * 60_000;

/**
 * Marks a session active now when its mark is older than LAST_ACTIVE_STEP_MS.
 * better-auth moves `updatedAt` only when it extends a session (once a day):
 * "last active" would read a day old. Called without waiting; the condition
 * in the update keeps concurrent requests from writing twice.
 */
export async function noteSessionActive(db: Db, session: { id: string; updatedAt: Date }, now = new Date()): Promise<void> {
  if (now.getTime() - session.updatedAt.getTime() < LAST_ACTIVE_STEP_MS) return;
  await db.session.updateMany({
    where: { id: session.id, updatedAt: { lt: new Date(now.getTime() - LAST_ACTIVE_STEP_MS) } },
    data: { updatedAt: now },
  });
}
