/**
 * Wall time of the steps of one request, for the `Server-Timing` header
 * (browsers' developer tools and the benchmark read it): each `end(name)`
 * closes the step that began where the previous one ended.
 */
export function createPhaseClock(now: () => number = () => performance.now()) {
  const phases: Array<[name: string, ms: number]> = [];
  let last = now();
  return {
    end(name: string) {
      const t = now();
      phases.push([name, t - last]);
      last = t;
    },
    all: () => phases,
  };
}

/** `claim;dur=1.2, prompt;dur=0.4`: the header's own syntax (W3C Server Timing). */
export function serverTiming(phases: ReadonlyArray<readonly [string, number]>): string {
  return phases.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
}
