import { describe, expect, it, vi } from 'vitest';
import { createAdmission } from './admission';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('admitting turn preparations', () => {
  it('runs at most `limit` at once and starts the waiting ones in the order they arrived', async () => {
    const admit = createAdmission(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const finish = new Map<number, () => void>();
    const all = Array.from({ length: 6 }, (_, i) =>
      admit(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finish.set(i, resolve));
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    // the later ones finish first: the slots still go to 2, 3, … in arrival order
    finish.get(1)!();
    await tick();
    await tick();
    finish.get(0)!();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const i of [3, 2, 4, 5]) {
      await tick();
      await tick();
      finish.get(i)!();
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('a preparation that fails frees its slot for the next one', async () => {
    const admit = createAdmission(1);
    const failing = admit(async () => {
      throw new Error('402');
    });
    const next = admit(async () => 'ran');
    await expect(failing).rejects.toThrow('402');
    expect(await next).toBe('ran');
    // and the slot is free again afterwards
    expect(await admit(async () => 'again')).toBe('again');
  });

  it('idle() answers at once when nothing is being prepared, else once the last preparation in line is done', async () => {
    const admit = createAdmission(1);
    let idleAt = '';
    await admit.idle(1_000);
    const finish: Array<() => void> = [];
    const hold = () => admit(() => new Promise<void>((resolve) => finish.push(resolve)));
    const first = hold();
    const second = hold(); // waits in line behind the first
    const idle = admit.idle(60_000).then(() => (idleAt = `after ${finish.length}`));
    await tick();
    finish[0]!();
    await first;
    await tick();
    await tick();
    expect(idleAt).toBe(''); // the second is still being prepared
    finish[1]!();
    await second;
    await idle;
    expect(idleAt).toBe('after 2');
  });

  it('idle() gives up waiting after its limit when preparations keep coming', async () => {
    vi.useFakeTimers();
    try {
      const admit = createAdmission(1);
      void admit(() => new Promise<void>(() => undefined)); // never done
      let waited = false;
      const idle = admit.idle(250).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(249);
      expect(waited).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await idle;
      expect(waited).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
