/**
 * One row of the load bench as autocannon runs it, and the measurer that runs a row the choice of rows wants, after
 * its reference (loadFloors.ts) when that was not run yet.
 */
import autocannon from 'autocannon';
import { referenceOf } from './loadFloors';

/** How long each row runs: 20 s unless `LOAD_SECONDS` says otherwise. */
export const DURATION_S = Number(process.env.LOAD_SECONDS ?? 20);

/** A request of an autocannon run; `setupRequest` makes each one anew (a message of its own). */
export interface CannonRequest {
  path?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest) => CannonRequest;
}
export type Options = Parameters<typeof autocannon>[0] & { requests?: CannonRequest[] };

/** One row's figures, as the report prints them and the floors judge them. */
export interface Run {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

/** Which rows a run measures, from the command line. */
export interface RowChoice {
  /** `--only`'s words; every row without it. */
  onlyWords: string[] | undefined;
  /** `--check` or `--accept`: every row run is judged against its reference, which is then run too. */
  judged: boolean;
  /** `--database postgres`: the rows are named `PostgreSQL …`. */
  onPostgres: boolean;
}

/** `--only`: the rows whose name is, or ends with, one of its words (`nginx /`, `配置修改后`); every row without it. */
export const wantedBy =
  ({ onlyWords }: RowChoice) =>
  (name: string): boolean =>
    !onlyWords || onlyWords.some((word) => name.endsWith(word));

/** Runs autocannon on `options` for DURATION_S; `during` is called halfway through. */
async function run(name: string, options: Options, during?: () => void): Promise<Run> {
  console.log(`[load] ${name} …`);
  const pending = autocannon({ duration: DURATION_S, ...options });
  if (during) setTimeout(during, (DURATION_S * 1000) / 2);
  const result = await pending;
  return {
    name,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export type Measure = (row: string, options: Options, during?: () => void) => Promise<void>;

/**
 * Runs a row when `--only` wants it. A row to be judged or accepted runs right after its reference (loadFloors.ts),
 * measured anew for each row, so the two see the same machine within seconds; a reference `--only` names is run once
 * before its first row otherwise.
 */
export function measurer(runs: Run[], references: Record<string, Options>, choice: RowChoice): Measure {
  const wanted = wantedBy(choice);
  const prefixed = (row: string) => (choice.onPostgres ? `PostgreSQL ${row}` : row);
  const done = new Set<string>();
  const runRow = async (name: string, options: Options, during?: () => void) => {
    runs.push(await run(name, options, during));
    done.add(name);
  };
  return async (row, options, during) => {
    const name = prefixed(row);
    if (!wanted(name)) return;
    const reference = referenceOf(name);
    const referenceOptions = reference && references[reference.replace(/^PostgreSQL /, '')];
    if (reference && referenceOptions && (choice.judged || (wanted(reference) && !done.has(reference)))) {
      await runRow(reference, referenceOptions);
    }
    await runRow(name, options, during);
  };
}
