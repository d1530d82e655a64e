/**
 * What the JavaScript in a page's long tasks was (issue 55 item 3): V8's sampling CPU profile, which Chromium writes
 * into the trace (`disabled-by-default-v8.cpu_profiler`), read for the samples that fall inside the long tasks after
 * the first contentful paint, so the trace's "microtasks" and script evaluations split into the functions that ran.
 * A sample stands for the time to the next one; each task's samples are scaled to its thread time, so the figures add
 * up with the trace's breakdown and another process on the machine does not inflate them.
 */
import type { CallFrame, TaskWindow, TraceEvent } from './mainThreadTrace';

/** The profile's samples on one thread, in time order: when, and the function on top of the stack. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; frame: CallFrame }[] {
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!start?.id) return [];
  const frames = new Map<number, CallFrame>();
  const samples: { ts: number; frame: CallFrame }[] = [];
  let ts = start.args?.data?.startTime ?? start.ts;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === start.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    const nodeIds = data?.cpuProfile?.samples ?? [];
    nodeIds.forEach((nodeId, index) => {
      ts += data?.timeDeltas?.[index] ?? 0;
      const frame = frames.get(nodeId);
      if (frame) samples.push({ ts, frame });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Where a sample's time goes in the table: the script (as `scriptOf` names it) and the function in it. */
export interface ProfileKey {
  script: string;
  fn: string;
}

/**
 * Thread time (ms) in the tasks, by script and by function, from the samples inside them: V8's own entries keep their
 * names ("(program)" is the renderer's work outside JavaScript: style, layout, paint; "(garbage collector)").
 */
export function profileInTasks(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  tasks: TaskWindow[],
  scriptOf: (url: string) => string,
): { byScript: Map<string, number>; byFunction: Map<string, number> } {
  const samples = samplesOf(events, thread.pid, thread.tid);
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    const spans = inside.map((sample, index) => ({ sample, us: Math.min(inside[index + 1]?.ts ?? end, end) - sample.ts }));
    const sampled = spans.reduce((sum, span) => sum + span.us, 0);
    if (sampled <= 0) continue;
    for (const { sample, us } of spans) {
      const ms = (us / sampled) * (task.tdur / 1000);
      const { functionName, url, lineNumber, columnNumber } = sample.frame;
      const script = url ? scriptOf(url) : functionName || '（无名）';
      add(byScript, script, ms);
      add(byFunction, url ? `${script} ${functionName || '（匿名）'}:${(lineNumber ?? 0) + 1}:${(columnNumber ?? 0) + 1}` : script, ms);
    }
  }
  return { byScript, byFunction };
}
