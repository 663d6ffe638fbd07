/**
 * At most `perHost` requests to one host at a time, process-wide: research
 * reading many pages of one site does not hammer it. Others wait their turn.
 */
export class HostLimiter {
  private readonly busy = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly perHost: number) {}

  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    await this.take(host);
    try {
      return await work();
    } finally {
      this.give(host);
    }
  }

  private take(host: string): Promise<void> {
    const used = this.busy.get(host) ?? 0;
    if (used < this.perHost) {
      this.busy.set(host, used + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push(resolve);
      this.waiting.set(host, queue);
    });
  }

  private give(host: string): void {
    const next = this.waiting.get(host)?.shift();
    // the slot passes straight to the next in line
    if (next) {
      next();
      return;
    }
    const used = (this.busy.get(host) ?? 1) - 1;
    if (used > 0) this.busy.set(host, used);
    else {
      this.busy.delete(host);
      this.waiting.delete(host);
    }
  }
}
