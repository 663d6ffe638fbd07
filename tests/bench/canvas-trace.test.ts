import { describe, expect, it } from 'vitest';
import { summarizeMainThread } from '@/bench/canvas-trace';

const PAGE = { pid: 20, tid: 21 };
const SUGGESTIONS = { pid: 10, tid: 11 };

/** A trace as Chromium 156 writes one for a page load: the browser's own suggestions page has a renderer too. */
function trace() {
  const thread = (at: { pid: number; tid: number }) => ({ name: 'thread_name', ph: 'M', ts: 0, ...at, args: { name: 'CrRendererMain' } });
  const task = (at: { pid: number; tid: number }, ts: number, dur: number, work: string) => [
    { name: 'RunTask', ph: 'X', ts, dur, ...at },
    { name: work, ph: 'X', ts: ts + 1, dur: dur - 2, ...at },
  ];
  return [
    // listed first, busy, and parsing HTML of its own: the summary must not read this one
    thread(SUGGESTIONS),
    { name: 'navigationStart', ph: 'R', ts: 900, ...SUGGESTIONS, args: { data: { documentLoaderURL: '', isMainFrame: true } } },
    ...task(SUGGESTIONS, 1_000, 400_000, 'ParseHTML'),
    thread(PAGE),
    {
      name: 'navigationStart',
      ph: 'R',
      ts: 1_000,
      ...PAGE,
      args: { data: { documentLoaderURL: 'http://localhost:3500/documents/d', isMainFrame: true } },
    },
    ...task(PAGE, 2_000, 30_000, 'ParseHTML'),
    ...task(PAGE, 40_000, 50_000, 'EvaluateScript'),
    // after the moment asked about: not counted
    ...task(PAGE, 300_000, 10_000, 'Layout'),
  ];
}

describe('summarizeMainThread', () => {
  it("reads the renderer that loaded the page, not the browser's own pages", () => {
    const summary = summarizeMainThread(trace(), 200);
    expect(summary.busyMs).toBe(80);
    expect(Object.fromEntries(summary.byKind.map((k) => [k.kind, k.ms]))).toEqual({
      ParseHTML: 29.998,
      EvaluateScript: 49.998,
      '(task overhead)': 0.004,
    });
  });

  it('says so when no renderer loaded a web page', () => {
    const withoutPage = trace().filter((event) => event.pid !== PAGE.pid);
    expect(() => summarizeMainThread(withoutPage, 200)).toThrow(/no renderer main thread/);
  });
});
