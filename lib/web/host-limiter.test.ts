import { describe, expect, it } from 'vitest';
import { HostLimiter } from './host-limiter';

describe('polite per-host concurrency', () => {
  it('runs at most two requests to one host at a time, while another host is not held up', async () => {
    const slots = new HostLimiter(2);
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const task = (host: string) =>
      slots.run(host, async () => {
        running.set(host, (running.get(host) ?? 0) + 1);
        most.set(host, Math.max(most.get(host) ?? 0, running.get(host)!));
        await new Promise((resolve) => setTimeout(resolve, 20));
        running.set(host, running.get(host)! - 1);
        return host;
      });
    const results = await Promise.all([...Array.from({ length: 6 }, () => task('a.example:443')), task('b.example:443')]);
    expect(results).toHaveLength(7);
    expect(most.get('a.example:443')).toBe(2);
    expect(most.get('b.example:443')).toBe(1);
  });

  it('frees the slot when a request fails', async () => {
    const slots = new HostLimiter(1);
    await expect(slots.run('h:80', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run('h:80', async () => 'next')).resolves.toBe('next');
  });
});
