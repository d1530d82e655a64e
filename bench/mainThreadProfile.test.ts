import { profileInTasks } from './mainThreadProfile';
import type { TraceEvent } from './mainThreadTrace';

const PAGE = { pid: 7, tid: 1 };
/** The sampler writes its chunks from a thread of its own; they belong to the page's thread by the profile's id. */
const SAMPLER = { pid: 7, tid: 9 };
const at = (ms: number) => ms * 1000;
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 41 });

/**
 * One long task (400–500 ms, 80 ms of thread time) sampled every 10 ms: 4 samples in a remote's module, 3 in React,
 * 3 in the renderer's own work; and samples outside it (before, after, in a worker's profile) that must not count.
 */
const TRACE: TraceEvent[] = [
  { name: 'Profile', ph: 'P', ...PAGE, ts: at(0), id: '0x1', args: { data: { startTime: at(380) } } },
  { name: 'Profile', ph: 'P', pid: 7, tid: 5, ts: at(0), id: '0x2', args: { data: { startTime: at(400) } } },
  {
    name: 'ProfileChunk',
    ph: 'P',
    ...SAMPLER,
    ts: at(450),
    id: '0x1',
    args: {
      data: {
        cpuProfile: {
          nodes: [
            { id: 1, callFrame: frame('(root)') },
            { id: 2, callFrame: frame('eval', 'http://localhost:3032/__federation_expose_AboutPage.8b4eba37.js') },
            { id: 3, callFrame: frame('hydrate', 'http://localhost:3030/react.c85f56af.js') },
            { id: 4, callFrame: frame('(program)') },
          ],
          // 380, 390 (before the task), then 400 … 490 inside it
          samples: [2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4],
        },
        timeDeltas: [0, at(10), at(10), at(10), at(10), at(10), at(10), at(10), at(10), at(10), at(10), at(10)],
      },
    },
  },
  {
    name: 'ProfileChunk',
    ph: 'P',
    ...SAMPLER,
    ts: at(700),
    id: '0x1',
    // After the task: not counted.
    args: { data: { cpuProfile: { nodes: [], samples: [3] }, timeDeltas: [at(200)] } },
  },
  {
    name: 'ProfileChunk',
    ph: 'P',
    ...SAMPLER,
    ts: at(450),
    id: '0x2',
    args: { data: { cpuProfile: { nodes: [{ id: 1, callFrame: frame('worker', 'http://localhost:3030/w.js') }], samples: [1, 1] }, timeDeltas: [0, at(10)] } },
  },
];

const scriptOf = (url: string) => new URL(url).pathname.slice(1);

describe('the CPU profile inside the long tasks', () => {
  const { byScript, byFunction } = profileInTasks(TRACE, PAGE, [{ ts: at(400), dur: at(100), tdur: at(80) }], scriptOf);

  it('attributes the samples inside the task to their scripts, scaled to its thread time', () => {
    expect(Object.fromEntries([...byScript].map(([script, ms]) => [script, Math.round(ms)]))).toEqual({
      '__federation_expose_AboutPage.8b4eba37.js': 32,
      'react.c85f56af.js': 24,
      '(program)': 24,
    });
  });

  it('names each function by its script and position', () => {
    expect(Math.round(byFunction.get('react.c85f56af.js hydrate:1:42') ?? 0)).toBe(24);
    expect(byFunction.has('w.js worker:1:42')).toBe(false);
  });
});
