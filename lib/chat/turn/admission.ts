/**
 * Runs async work in arrival order, at most `limit` at a time.
 *
 * A burst of sends (a class, a meeting) would otherwise prepare every turn at
 * once: each turn's database round trips and prompt building interleave with
 * all the others, so every first token waits for the whole burst, and the
 * continuations that a batch of database replies wakes run back to back and
 * hold the event loop for hundreds of milliseconds. Admitting a few at a time,
 * first come first served, lets the first sends reach the model while the
 * later ones wait their turn, and hands each freed slot over on a new
 * macrotask so streaming answers get the loop between two preparations.
 */
export interface Admission {
  <T>(work: () => Promise<T>): Promise<T>;
  /**
   * Resolves once no preparation is running or waiting, or after `maxWaitMs`:
   * bookkeeping that nobody watches (an answer's settlement once its text is
   * out) waits here, so a burst's first tokens get the CPU before it.
   */
  idle(maxWaitMs: number): Promise<void>;
}

export function createAdmission(limit: number): Admission {
  let running = 0;
  const waiting: Array<() => void> = [];
  let idleWaiters: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // the slot passes straight to the next in line, so a late arrival cannot overtake it
    if (next) setImmediate(next);
    else if (--running === 0 && idleWaiters.length) {
      const woken = idleWaiters;
      idleWaiters = [];
      setImmediate(() => {
        for (const wake of woken) wake();
      });
    }
  };
  const admit = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
  return Object.assign(admit, {
    idle(maxWaitMs: number): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          idleWaiters = idleWaiters.filter((w) => w !== wake);
          resolve();
        }, maxWaitMs);
        idleWaiters.push(wake);
      });
    },
  });
}
