/**
 * Where a page load's main-thread time went, from a Chromium trace: the
 * renderer main thread's tasks up to a moment (the canvas probe's
 * "interactive"), split into what each task's top-level work was (parsing
 * HTML, evaluating a script, a callback, style, layout, paint, garbage
 * collection), and the JavaScript's own time by script file (from the
 * trace's CPU profile samples: a module runs when it is first imported, not
 * when its chunk is evaluated, so the evaluation events alone mislead).
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      documentLoaderURL?: string;
      isMainFrame?: boolean;
      startTime?: number;
      cpuProfile?: CpuProfileChunk;
      timeDeltas?: number[];
    };
  };
}

interface CpuProfileChunk {
  nodes?: Array<{ id: number; callFrame: { functionName: string; url?: string } }>;
  samples?: number[];
}

export interface MainThreadSummary {
  /** main-thread task time before the moment, ms */
  busyMs: number;
  /** by kind of top-level work, ms, largest first */
  byKind: Array<{ kind: string; ms: number }>;
  /** JavaScript self time by script file ("inline" for the page's own scripts; "(program)", "(garbage collector)": the engine's), ms */
  byScript: Array<{ script: string; ms: number }>;
}

/** The scheduler's and IPC's wrappers around a task's work: looked through, not counted as work of their own. */
const SCHEDULING = /RunTask|ThreadController|SimpleWatcher|mojo/;

/** `untilMs`: from navigation start, e.g. performance.now() of the moment in the page. */
export function summarizeMainThread(events: TraceEvent[], untilMs: number): MainThreadSummary {
  // the page's renderer: the browser's own pages (the address bar's suggestions) have renderers too, and parse HTML
  const navigation = events.find(isWebNavigation);
  const main =
    navigation &&
    events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === navigation.pid);
  if (!navigation || !main) throw new Error('no renderer main thread with a navigation in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const origin = navigation.ts;
  const until = origin + untilMs * 1000;
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= origin && event.ts < until);

  const byKind = new Map<string, number>();
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
      if (SCHEDULING.test(event.name)) continue;
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
  }
  const byScript = profileSelfTime(events, main, origin, until);
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy / 1000,
    byKind: sorted(byKind).map(([kind, ms]) => ({ kind, ms })),
    byScript: sorted(byScript).map(([script, ms]) => ({ script, ms })),
  };
}

/** Self time per script file of the main thread's CPU profile samples in [origin, until) (trace microseconds). */
function profileSelfTime(events: TraceEvent[], main: TraceEvent, origin: number, until: number): Map<string, number> {
  const byScript = new Map<string, number>();
  const profile = events.find((event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid);
  if (!profile) return byScript;
  const frames = new Map<number, string>();
  let time = profile.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.id === profile.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const { functionName, url } = node.callFrame;
      frames.set(node.id, url ? scriptName(url) : functionName.startsWith('(') ? functionName : '(native)');
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((node, index) => {
      time += deltas[index] ?? 0;
      const next = deltas[index + 1] ?? 0;
      if (time < origin || time >= until) return;
      const script = frames.get(node) ?? '(unknown)';
      if (script !== '(idle)') byScript.set(script, (byScript.get(script) ?? 0) + next / 1000);
    });
  }
  return byScript;
}

function isWebNavigation(event: TraceEvent): boolean {
  return (
    event.name === 'navigationStart' &&
    event.args?.data?.isMainFrame !== false &&
    /^https?:/.test(event.args?.data?.documentLoaderURL ?? '')
  );
}

function scriptName(url: string): string {
  const file = url.split('?')[0].split('/').pop() ?? url;
  return file.includes('.js') ? file : 'inline';
}
