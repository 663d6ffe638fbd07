import { LruMap } from '@/lib/cache/lru-map';
import type { SessionUser } from './session-user';

/**
 * How long a verified session is trusted without asking the database again. A
 * signed-out or revoked session is forgotten at once by every web process that
 * hears of it (lib/auth/shared-session-forgets.ts); this is the longest a process
 * that did not hear (its LISTEN connection down) keeps trusting it.
 */
export const SESSION_CACHE_MS = 30_000;

/**
 * Sessions this process verified in the last SESSION_CACHE_MS, keyed by the
 * request's whole Cookie header (any change to it is simply a miss). better-auth
 * reads the session and then its user on every call, two queries on the path to
 * every answer's first token, while a person who chats presents the same cookie
 * again and again.
 */
export class SessionCache {
  private readonly entries = new LruMap<string, { user: SessionUser; until: number }>(10_000);
  private tellOthers: ((userId: string) => void) | null = null;

  /** Every forgetUser from now on reaches the other processes' caches too. */
  shareForgets(tellOthers: (userId: string) => void): void {
    this.tellOthers = tellOthers;
  }

  get(cookie: string | null, now = Date.now()): SessionUser | null {
    if (!cookie) return null;
    const hit = this.entries.get(cookie);
    if (!hit) return null;
    if (hit.until > now) return hit.user;
    this.entries.delete(cookie);
    return null;
  }

  set(cookie: string | null, user: SessionUser, sessionExpiresAt: Date, now = Date.now()): void {
    if (cookie) this.entries.set(cookie, { user, until: Math.min(now + SESSION_CACHE_MS, sessionExpiresAt.getTime()) });
  }

  forget(cookie: string | null): void {
    if (cookie) this.entries.delete(cookie);
  }

  /** Every cached session of one person, e.g. when their role changes: the next request reads it afresh. */
  forgetUser(userId: string): void {
    this.forgetUserHere(userId);
    this.tellOthers?.(userId);
  }

  /** What another process's forgetUser does here. */
  forgetUserHere(userId: string): void {
    this.entries.deleteWhere((entry) => entry.user.id === userId);
  }

  /** Forgets everything: after this process could not hear the others for a while. */
  clear(): void {
    this.entries.deleteWhere(() => true);
  }
}
