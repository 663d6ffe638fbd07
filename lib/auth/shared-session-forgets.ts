import type { Database } from '@/lib/db/client';
import { listenToChannel } from '@/lib/db/listen';
import { logError } from '@/lib/log';
import type { SessionCache } from './session-cache';

const CHANNEL = 'quire_sessions';

/**
 * On PostgreSQL, several web processes each cache sessions: a password change,
 * a revoked session or a sign-out in one must end the session in all of them at
 * once, not when their cache entries expire. Each forgetUser is sent as a NOTIFY
 * on the regular pool and heard on a LISTEN connection of its own; a process
 * that was not listening forgets its whole cache when it listens again. PGlite
 * has one process: nothing to share.
 */
export function shareSessionForgets(database: Pick<Database, 'kind' | 'databaseUrl' | 'prisma'>, sessions: SessionCache) {
  if (database.kind !== 'postgres' || !database.databaseUrl) return { close: async () => {} };
  sessions.shareForgets((userId) => {
    database.prisma.$executeRaw`SELECT pg_notify(${CHANNEL}, ${userId})`.catch((error: unknown) =>
      logError({ event: 'session_forget_not_sent', userId, error }),
    );
  });
  return listenToChannel(database.databaseUrl, {
    channel: CHANNEL,
    name: 'session_bus',
    onMessage: (userId) => sessions.forgetUserHere(userId),
    onListening: () => sessions.clear(),
  });
}
