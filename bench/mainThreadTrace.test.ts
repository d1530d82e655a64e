import { longTaskBreakdown } from './mainThreadTrace';

const PAGE = { pid: 7, tid: 1 };
const at = (ms: number) => ms * 1000;

/** A trace of the page's main thread: a long task before the first paint, one after it, and a short one. */
const TRACE = [
  { name: 'thread_name', ph: 'M', ...PAGE, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'RunTask', ph: 'X', ...PAGE, ts: at(0), dur: at(200), tdur: at(180) },
  { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: at(300) },
  { name: 'RunTask', ph: 'X', ...PAGE, ts: at(400), dur: at(120), tdur: at(100) },
  { name: 'EvaluateScript', ph: 'X', ...PAGE, ts: at(401), dur: at(70), tdur: at(60), args: { data: { url: 'http://localhost:3001/remoteEntry.js' } } },
  { name: 'Layout', ph: 'X', ...PAGE, ts: at(410), dur: at(25), tdur: at(20) },
  // The engine's own work inside a script: counted as that script's.
  { name: 'V8.GC_SCAVENGER', ph: 'X', ...PAGE, ts: at(440), dur: at(12), tdur: at(10) },
  { name: 'RunTask', ph: 'X', ...PAGE, ts: at(600), dur: at(40), tdur: at(40) },
];

describe('the main thread of a page load, as TBT sees it', () => {
  const { blockingMs, threadMs, taskList } = longTaskBreakdown(TRACE);

  it('counts what the long tasks after the first contentful paint spend past 50 ms', () => {
    expect(blockingMs).toBe(70);
  });

  it('splits their thread time by kind of work, each event by its own time', () => {
    expect(Object.fromEntries(threadMs)).toEqual({ 'JS /remoteEntry.js': 40, 布局: 20, '（任务本身）': 40 });
  });

  it('lists each long task after the first contentful paint, with what it did most', () => {
    expect(taskList).toEqual([{ afterPaintMs: 100, wallMs: 120, threadMs: 100, kinds: [['JS /remoteEntry.js', 40], ['（任务本身）', 40], ['布局', 20]] }]);
  });
});
