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
export type Admission = <T>(work: () => Promise<T>) => Promise<T>;

export function createAdmission(limit: number): Admission {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    // the slot passes straight to the next in line, so a late arrival cannot overtake it
    if (next) setImmediate(next);
    else running--;
  };
  return async (work) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
