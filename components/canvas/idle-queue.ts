/**
 * One task per idle period, in order: upgrading forty sections from preview
 * to schema rendering must never land in one long frame.
 */
const queue: Array<() => void> = [];
let scheduled = false;

const requestIdle: (callback: () => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window ? (callback) => window.requestIdleCallback(callback, { timeout: 2_000 }) : (callback) => setTimeout(callback, 16);

function drain() {
  scheduled = false;
  const task = queue.shift();
  task?.();
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  requestIdle(drain);
}

/** Runs `task` when the browser is idle; the returned function cancels it if it has not run. */
export function whenIdle(task: () => void): () => void {
  queue.push(task);
  schedule();
  return () => {
    const index = queue.indexOf(task);
    if (index >= 0) queue.splice(index, 1);
  };
}
