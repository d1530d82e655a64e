/**
 * What a Chromium trace of a page load says of its main thread (bench/mainThread.ts records it): the long tasks after
 * the first contentful paint, as Total Blocking Time counts them, and the thread time inside them by kind of work.
 */
/** A function in V8's CPU profile (positions from 0; V8's own entries have no script and no position). */
export interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** Chromium's trace event, as much of it as this and the CPU profile's reading (mainThreadProfile.ts) use. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  /** Ties a `ProfileChunk` to its `Profile`. */
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      frame?: string;
      /** A `Profile`'s start (µs, the trace's clock). */
      startTime?: number;
      /** A `ProfileChunk`'s new nodes and samples, each sample's time after the one before (µs). */
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** A long task's place in the trace (µs): when it ran, for how long, and the CPU it used. */
export interface TaskWindow {
  ts: number;
  dur: number;
  tdur: number;
}

const LONG_TASK_US = 50_000;
/** The trace categories these events come in. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

/** What an event is, in the table's words; undefined for events whose time belongs to what they call. */
function kindOf(event: TraceEvent): string | undefined {
  const url = event.args?.data?.url;
  if (event.name === 'EvaluateScript' || event.name === 'FunctionCall' || event.name === 'v8.compile') {
    return url ? `JS ${url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,}\./, '.')}` : 'JS (其他)';
  }
  if (event.name === 'UpdateLayoutTree' || event.name === 'ParseAuthorStyleSheet') return '样式';
  if (event.name === 'Layout') return '布局';
  // An SVG image is laid out and recorded on the main thread when painted (a raster one is decoded off it).
  if (event.name === 'PaintImage') return '绘制图片';
  if (event.name === 'Paint' || event.name === 'PrePaint' || event.name === 'Layerize') return '绘制';
  if (event.name === 'ParseHTML') return 'HTML';
  if (event.name === 'RunMicrotasks') return 'JS 微任务';
  return undefined;
}

/** The renderer main thread that did the most: the page's (other renderers are extensions or workers). */
export function pageThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const work = (pid: number, tid: number) => events.reduce((sum, e) => (e.pid === pid && e.tid === tid && e.name === 'RunTask' ? sum + (e.tdur ?? 0) : sum), 0);
  const busiest = names.map((e) => ({ pid: e.pid, tid: e.tid, work: work(e.pid, e.tid) })).sort((a, b) => b.work - a.work)[0];
  if (!busiest) throw new Error('trace 中没有渲染主线程');
  return busiest;
}

export interface LongTasks {
  /** What Total Blocking Time adds up: each task after the first contentful paint, past 50 ms (wall time). */
  blockingMs: number;
  /** The thread time (ms) in those tasks by kind of work, each event's own time (its children's taken out). */
  threadMs: Map<string, number>;
  /** The long tasks themselves, for the CPU profile's reading (mainThreadProfile.ts). */
  tasks: TaskWindow[];
  /** Each long task: when after the first contentful paint (ms), its wall and thread time, and what it did most. */
  taskList: LongTask[];
}

export interface LongTask {
  afterPaintMs: number;
  wallMs: number;
  threadMs: number;
  /** Its kinds of work by thread time (ms), largest first. */
  kinds: [string, number][];
}

/** The long tasks after the page's first contentful paint, as TBT counts them, and what their thread time went to. */
export function longTaskBreakdown(events: TraceEvent[]): LongTasks {
  const { pid, tid } = pageThread(events);
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? 0;
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const threadMs = new Map<string, number>();
  const taskList: LongTask[] = [];
  let blockingMs = 0;
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US && e.ts >= firstPaint);
  for (const task of tasks) {
    blockingMs += ((task.dur ?? 0) - LONG_TASK_US) / 1000;
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const own = new Map<TraceEvent, { time: number; kind: string }>();
    // Each event's own time (its thread time less that of the events directly inside it), under its own kind or,
    // for an event the table has no word for, the nearest one above it that has; else its trace name.
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length && event.ts >= (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0)) stack.pop();
      const parent = stack.at(-1);
      const parentOwn = parent && own.get(parent);
      if (parentOwn) parentOwn.time -= event.tdur ?? 0;
      own.set(event, { time: event.tdur ?? 0, kind: kindOf(event) ?? parentOwn?.kind ?? `（${event.name}）` });
      stack.push(event);
    }
    const kinds = new Map<string, number>();
    let counted = 0;
    for (const { time, kind } of own.values()) {
      kinds.set(kind, (kinds.get(kind) ?? 0) + Math.max(0, time) / 1000);
      counted += Math.max(0, time);
    }
    kinds.set('（任务本身）', Math.max(0, (task.tdur ?? 0) - counted) / 1000);
    for (const [kind, ms] of kinds) threadMs.set(kind, (threadMs.get(kind) ?? 0) + ms);
    taskList.push({
      afterPaintMs: (task.ts - firstPaint) / 1000,
      wallMs: (task.dur ?? 0) / 1000,
      threadMs: (task.tdur ?? 0) / 1000,
      kinds: [...kinds].sort((a, b) => b[1] - a[1]),
    });
  }
  return { blockingMs, threadMs, tasks: tasks.map((task) => ({ ts: task.ts, dur: task.dur ?? 0, tdur: task.tdur ?? task.dur ?? 0 })), taskList };
}
