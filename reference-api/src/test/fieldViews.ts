import { ACTIVITY_ROUTE, type FieldBatch, type FieldEvent, type FieldView } from '@wenrun/shared/node';

/**
 * Field data as real visitors and forgers send it, for the tests of the guard's figures (Jest and Playwright alike):
 * one seeded generator, so a spread of values is the same on every run and a failure can be replayed, and one place
 * where a view is made, so no test builds views by hand.
 */

/** mulberry32: a small, fast generator of uniform numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A log-normal spread, what page timings follow: half the values below `median`, log-values with deviation `sigma`. */
export interface Spread {
  median: number;
  sigma: number;
}

/** One metric of every view: drawn from a spread, or one value for all (a forger's). */
export type MetricValues = Spread | number;

export interface VisitorsSpec {
  /** The first three octets of the clients' IPv4 addresses: `127.0.1` gives 127.0.1.1, 127.0.1.2, … */
  prefix: string;
  count: number;
  side: 'canary' | 'stable';
  viewsEach?: number;
  lcp?: MetricValues;
  inp?: MetricValues;
  /** The chance of each view to end with an uncaught error (1: every view). */
  errorRate?: number;
  /** The chance of each view's slot to fail to load (1: every view). */
  failureRate?: number;
  /** The page viewed: the activity page unless told otherwise. */
  route?: string;
  /** The builds of other remotes the views ran beside the released one (the header on a page with the layout). */
  alsoRunning?: Record<string, string>;
}

/** One beacon: the client it comes from (the address the trusted proxy names) and its JSON body. */
export interface Beacon {
  client: string;
  body: string;
}

/**
 * One page view: of the activity page, seen on the stable build of wuyou, unless told otherwise. The view is typed:
 * a test that sends a view the API must refuse spreads its own fields over one made here.
 */
export function fieldView(view: Pick<FieldView, 'id'> & Partial<FieldView>): FieldView {
  return { route: ACTIVITY_ROUTE, versions: { wuyou: '0.1.0' }, canary: [], ...view };
}

/**
 * The JSON body of one beacon: a view and what happened in it. Events are `unknown`, since a test of the API's checks
 * sends what a forger sends, not only well-formed events.
 */
export function fieldBatch(view: FieldView, events: readonly unknown[]): { type: 'fieldData'; view: FieldView; events: readonly unknown[] } {
  return { type: 'fieldData', view, events };
}

export interface ReleaseViewSpec {
  id: string;
  side: 'canary' | 'stable';
  /** A failed view ends with an uncaught error and its slot failed to load; a clean one has an LCP and its slot loaded. */
  failed: boolean;
  remote?: string;
  stableVersion?: string;
  canaryVersion?: string;
}

/** One view of the activity page as the canary guard reads it: a side of a release, clean or failed. */
export function releaseView({ id, side, failed, remote = 'wuyou', stableVersion = '0.1.0', canaryVersion = '0.2.0' }: ReleaseViewSpec): FieldBatch {
  const version = side === 'canary' ? canaryVersion : stableVersion;
  const events: FieldEvent[] = failed
    ? [
        { kind: 'error', message: 'TypeError: 灰度版本故障', remote, version },
        { kind: 'slot', remote, version, loadMs: 0, outcome: 'failed' },
      ]
    : [
        { kind: 'metric', name: 'LCP', value: 1200 },
        { kind: 'slot', remote, version, loadMs: 150, outcome: 'loaded' },
      ];
  return { type: 'fieldData', view: fieldView({ id, versions: { [remote]: version }, canary: side === 'canary' ? [remote] : [] }), events };
}

/** A beacon from `client`: the address the trusted proxy names, with `batch` as its body. */
export function beaconFrom(client: string, batch: unknown): Beacon {
  return { client, body: JSON.stringify(batch) };
}

export interface FieldViewsOptions {
  seed: number;
  remote?: string;
  stableVersion?: string;
  canaryVersion?: string;
}

export function fieldViews({ seed, remote = 'wuyou', stableVersion = '0.1.0', canaryVersion = '0.2.0' }: FieldViewsOptions) {
  const random = seededRandom(seed);
  let serial = 0;

  /** Box–Muller: one standard normal value from two uniform ones. */
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const draw = (values: MetricValues) =>
    typeof values === 'number' ? values : Math.round(values.median * Math.exp(values.sigma * normal()));

  function eventsOf(spec: VisitorsSpec, version: string): FieldEvent[] {
    const failed = random() < (spec.failureRate ?? 0);
    const events: FieldEvent[] = [{ kind: 'slot', remote, version, loadMs: failed ? 0 : 150, outcome: failed ? 'failed' : 'loaded' }];
    if (spec.lcp !== undefined) events.push({ kind: 'metric', name: 'LCP', value: draw(spec.lcp) });
    if (spec.inp !== undefined) events.push({ kind: 'metric', name: 'INP', value: draw(spec.inp) });
    if (random() < (spec.errorRate ?? 0)) events.push({ kind: 'error', message: 'TypeError: 测试中的故障', remote, version });
    return events;
  }

  return {
    /** `count` clients of one side, each sending `viewsEach` (5) views of the activity page. */
    visitors(spec: VisitorsSpec): Beacon[] {
      const version = spec.side === 'canary' ? canaryVersion : stableVersion;
      return Array.from({ length: spec.count }, (_, index) => `${spec.prefix}.${index + 1}`).flatMap((client) =>
        Array.from({ length: spec.viewsEach ?? 5 }, () => {
          serial += 1;
          const view = fieldView({
            id: `view-${seed}-${serial}`.padEnd(8, '0'),
            ...(spec.route === undefined ? {} : { route: spec.route }),
            versions: { ...spec.alsoRunning, [remote]: version },
            canary: spec.side === 'canary' ? [remote] : [],
          });
          return beaconFrom(client, fieldBatch(view, eventsOf(spec, version)));
        }),
      );
    },
  };
}
