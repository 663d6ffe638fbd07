/**
 * Where a page load's main-thread time went, from a Chromium trace: the
 * renderer main thread's tasks up to a moment (the canvas probe's
 * "interactive"), split into what each task's top-level work was (parsing
 * HTML, evaluating a script, a callback, style, layout, paint, garbage
 * collection), and script evaluation and compilation by script.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; isMainFrame?: boolean } };
}

export interface MainThreadSummary {
  /** main-thread task time before the moment, ms */
  busyMs: number;
  /** by kind of top-level work, ms, largest first */
  byKind: Array<{ kind: string; ms: number }>;
  /** script evaluation and compilation by script (the file name of its URL, "inline" for the page's own scripts), ms */
  byScript: Array<{ script: string; ms: number }>;
}

/** `untilMs`: from navigation start, e.g. performance.now() of the moment in the page. */
export function summarizeMainThread(events: TraceEvent[], untilMs: number): MainThreadSummary {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && hasNavigation(events, event));
  if (!main) throw new Error('no renderer main thread with a navigation in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const navigation = events.find(
    (event) => event.pid === main.pid && event.name === 'navigationStart' && event.args?.data?.isMainFrame !== false,
  );
  const origin = navigation?.ts ?? Math.min(...onMain.map((event) => event.ts));
  const until = origin + untilMs * 1000;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= origin && event.ts < until);

  const byKind = new Map<string, number>();
  const byScript = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us / 1000);
  let busy = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    busy += task.dur ?? 0;
    const inside = onMain
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // top level: not inside another event of this task (the events nest: a stack of open ends)
    const top: TraceEvent[] = [];
    const open: number[] = [];
    for (const event of inside) {
      while (open.length > 0 && open[open.length - 1] <= event.ts) open.pop();
      if (open.length === 0) top.push(event);
      open.push(event.ts + (event.dur ?? 0));
    }
    let covered = 0;
    for (const event of top) {
      add(byKind, event.name, event.dur ?? 0);
      covered += event.dur ?? 0;
    }
    add(byKind, '(task overhead)', Math.max(0, (task.dur ?? 0) - covered));
    for (const event of inside) {
      if (event.name === 'EvaluateScript' || event.name === 'v8.compile' || event.name === 'v8.compileModule') {
        add(byScript, `${scriptName(event.args?.data?.url)} ${event.name === 'EvaluateScript' ? 'evaluate' : 'compile'}`, event.dur ?? 0);
      }
    }
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy / 1000,
    byKind: sorted(byKind).map(([kind, ms]) => ({ kind, ms })),
    byScript: sorted(byScript).map(([script, ms]) => ({ script, ms })),
  };
}

function hasNavigation(events: TraceEvent[], thread: TraceEvent): boolean {
  return events.some((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'ParseHTML');
}

function scriptName(url: string | undefined): string {
  if (!url) return 'inline';
  const file = url.split('?')[0].split('/').pop() ?? url;
  return file.includes('.js') ? file : 'inline';
}
