// Preloaded into every server of the streaming benchmark (`node --import`):
// the event loop's delay (perf_hooks), written as JSON to LOOP_PROBE_FILE and
// reset each time the process gets SIGUSR2, so the bench reads one phase at a time.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    writeFileSync(file, JSON.stringify({ maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean) }));
    histogram.reset();
  });
}
