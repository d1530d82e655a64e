/**
 * How `npm run bench:load -- --check` judges a row: by its ratio to a reference measured beside it in the same run,
 * never by requests a second alone. A machine half as fast serves the reference half as fast too, so the ratio holds
 * where a floor in requests a second fails with no regression (issue 55: 7 of 14 rows on a slower machine of this
 * kind); a regression moves the row and not its reference, so the ratio falls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, thisMachine, type Machine } from './report';

/** The floors `--check` holds each row to, kept in the repo beside the results. */
export const FLOORS_FILE = path.join(RESULTS_DIR, 'load-floors.json');

/**
 * A floor is this share of the ratio last accepted. Ratios of one run to the next on this machine, busy or quiet,
 * moved by up to a fifth; a page no longer kept by nginx falls to a tenth of its ratio.
 */
export const FLOOR_SHARE = 0.7;

/** What the references measure: the machine's speed at each kind of work the rows do. */
export const REFERENCES = {
  nginxFile: 'nginx 同尺寸文件',
  npmStartFile: 'npm start 同尺寸文件',
  // A file row's reference is a copy of that file on the same server: a file of another size moves with the machine
  // in another way (bytes against requests), and the header's remoteEntry.js is served by the header's own server.
  nginxMainFile: 'nginx main.js 同尺寸文件',
  npmStartMainFile: 'npm start main.js 同尺寸文件',
  nginxRemoteEntryFile: 'nginx remoteEntry.js 同尺寸文件',
  npmStartRemoteEntryFile: 'npm start remoteEntry.js 同尺寸文件',
  renderAnswer: '渲染服务器 /healthz',
  apiAnswer: 'API /healthz',
} as const;

const REFERENCE_NAMES: readonly string[] = Object.values(REFERENCES);

/** Which reference a row is judged against, by what it does: the first rule its name matches. */
const RULES: [RegExp, string][] = [
  [/留言|现场数据满额/, REFERENCES.apiAnswer],
  [/^nginx main\.js$/, REFERENCES.nginxMainFile],
  [/^npm start main\.js$/, REFERENCES.npmStartMainFile],
  [/^nginx remoteEntry\.js$/, REFERENCES.nginxRemoteEntryFile],
  [/^npm start remoteEntry\.js$/, REFERENCES.npmStartRemoteEntryFile],
  // An activity page is kept by nginx for a moment (DESIGN.md): most of a row's answers are kept ones.
  [/^nginx (\/search|两页)/, REFERENCES.renderAnswer],
  [/^nginx /, REFERENCES.nginxFile],
  [/^npm start /, REFERENCES.npmStartFile],
];

/** The reference of the row `row` (a `PostgreSQL …` row's is the PostgreSQL run's); none for a reference itself. */
export function referenceOf(row: string): string | undefined {
  const name = row.replace(/^PostgreSQL /, '');
  if (REFERENCE_NAMES.includes(name)) return undefined;
  const reference = RULES.find(([pattern]) => pattern.test(name))?.[1];
  return reference && `${row.slice(0, row.length - name.length)}${reference}`;
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  errors: number;
  /** Answers other than 2xx: a refused visitor (429) or a failed page (5xx) is a failure however fast it came. */
  non2xx: number;
}

/** `bench/results/load-floors.json`: the machine they were accepted on, and per row the ratio and its floor. */
export interface Floors {
  acceptedAt: string;
  machine: Machine;
  references: Record<string, number>;
  rows: Record<string, { reference: string; accepted: number; floor: number }>;
}

export function readFloors(): Floors | undefined {
  if (!fs.existsSync(FLOORS_FILE)) return undefined;
  const floors = JSON.parse(fs.readFileSync(FLOORS_FILE, 'utf8')) as Partial<Floors>;
  // Floors in requests a second (before ratios) are none: `--accept` writes ratios.
  return floors.machine ? (floors as Floors) : undefined;
}

/**
 * Each judged row's ratio to its reference as last measured before it in `runs` (which are in the order run): the
 * machine's speed moves over minutes (one run's nginx file measured 3,070/s at its start and 4,054/s in the next), so a
 * reference measured once per run judged rows minutes later by another machine. Rows whose reference was not run
 * before them have none.
 */
export function ratios(runs: Measured[]): Map<string, { reference: string; ratio: number }> {
  const latest = new Map<string, Measured>();
  const result = new Map<string, { reference: string; ratio: number }>();
  for (const run of runs) {
    const reference = referenceOf(run.name);
    const measured = reference ? latest.get(reference) : undefined;
    if (reference && measured?.requestsPerSecond) result.set(run.name, { reference, ratio: run.requestsPerSecond / measured.requestsPerSecond });
    latest.set(run.name, run);
  }
  return result;
}

/** The rows that fall below their floor or had errors or answers other than 2xx, said in Chinese; a row with no floor yet passes, said so. */
export function checkFloors(runs: Measured[], floors: Floors | undefined, say: (line: string) => void = console.log): string[] {
  const failures: string[] = [];
  const measured = ratios(runs);
  for (const run of runs) {
    const judged = measured.get(run.name);
    if (!judged) continue;
    const floor = floors?.rows[run.name];
    if (!floor || floor.reference !== judged.reference) {
      say(`[load] ${run.name}：没有下限（--accept 记下）`);
      continue;
    }
    const ok = judged.ratio >= floor.floor && run.errors === 0 && run.non2xx === 0;
    const line = `${run.name}：${judged.ratio.toPrecision(3)} × ${judged.reference}，下限 ${floor.floor.toPrecision(3)}（上次认可 ${floor.accepted.toPrecision(3)}），错误 ${run.errors}，非 2xx ${run.non2xx}`;
    say(`[load] ${ok ? '通过' : '低于下限'} ${line}`);
    if (!ok) failures.push(line);
  }
  return failures;
}

/** This run's ratios as the accepted ones, each floor FLOOR_SHARE of its ratio; rows not run keep theirs. */
export function acceptFloors(runs: Measured[], previous: Floors | undefined, machine: Machine = thisMachine()): Floors {
  const rows = { ...previous?.rows };
  for (const [name, { reference, ratio }] of ratios(runs)) {
    // Significant digits, not decimals: a heavy call's ratio to a trivial answer is a few ten-thousandths.
    rows[name] = { reference, accepted: Number(ratio.toPrecision(4)), floor: Number((ratio * FLOOR_SHARE).toPrecision(4)) };
  }
  const references = { ...previous?.references };
  for (const run of runs) if (!referenceOf(run.name) && Object.values(rows).some((row) => row.reference === run.name)) references[run.name] = run.requestsPerSecond;
  return { acceptedAt: new Date().toISOString(), machine, references, rows };
}
