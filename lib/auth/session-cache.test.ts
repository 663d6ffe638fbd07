import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';

const ada = { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'user' as const, emailVerified: false };
const bob = { id: 'u2', email: 'bob@example.com', name: 'Bob', role: 'user' as const, emailVerified: false };
const farFuture = new Date('2099-01-01');

describe('the session cache', () => {
  it('trusts a verified session for SESSION_CACHE_MS, then asks again', () => {
    const cache = new SessionCache();
    cache.set('token=a', ada, farFuture, 1_000);
    expect(cache.get('token=a', 1_000 + SESSION_CACHE_MS - 1)).toEqual(ada);
    expect(cache.get('token=a', 1_000 + SESSION_CACHE_MS)).toBeNull();
    expect(cache.get('token=a', 1_000)).toBeNull(); // an expired entry is gone, not revived
  });

  it('never outlives the session itself', () => {
    const cache = new SessionCache();
    cache.set('token=a', ada, new Date(5_000), 1_000);
    expect(cache.get('token=a', 4_999)).toEqual(ada);
    expect(cache.get('token=a', 5_000)).toBeNull();
  });

  it('forgets a signed-out cookie at once; another cookie is a miss; no cookie is never a hit', () => {
    const cache = new SessionCache();
    cache.set('token=a', ada, farFuture, 1_000);
    expect(cache.get('token=a; locale=ru', 1_001)).toBeNull();
    cache.forget('token=a');
    expect(cache.get('token=a', 1_001)).toBeNull();
    cache.set(null, ada, farFuture, 1_000);
    expect(cache.get(null, 1_001)).toBeNull();
  });

  it('forgets every session of one person when their role changes, and only theirs', () => {
    const cache = new SessionCache();
    cache.set('token=a1', ada, farFuture, 1_000);
    cache.set('token=a2', ada, farFuture, 1_000);
    cache.set('token=b', bob, farFuture, 1_000);
    cache.forgetUser('u1');
    expect(cache.get('token=a1', 1_001)).toBeNull();
    expect(cache.get('token=a2', 1_001)).toBeNull();
    expect(cache.get('token=b', 1_001)).toEqual(bob);
  });
});
