import { bytewise } from './bytewise';
import type { SideGroup } from './groupings';
import { measured, nearestRank, p75Of } from './percentile';

/** What one client sent of a side: its views, those with an error or a slot that did not load, its measured times. */
export interface ClientOfSide {
  client: string;
  views: number;
  errors: number;
  failures: number;
  lcp: number[];
  inp: number[];
}

/** A side's counts over its clients, with the clients that push each count most left out (`…High`: only the clean). */
export interface TrimmedCounts {
  clients: number;
  allFailures: number;
  errorViews: number;
  errors: number;
  failureViews: number;
  failures: number;
  errorViewsHigh: number;
  errorsHigh: number;
  failureViewsHigh: number;
  failuresHigh: number;
  lcpViews: number;
  inpViews: number;
}

/** A side's clients, each with what it sent of the side. */
export function clientsOf({ members }: SideGroup): ClientOfSide[] {
  const clients = new Map<string, ClientOfSide>();
  for (const member of members) {
    const { view } = member;
    let entry = clients.get(view.client);
    if (!entry) clients.set(view.client, (entry = { client: view.client, views: 0, errors: 0, failures: 0, lcp: [], inp: [] }));
    entry.views += 1;
    if (view.hasError) entry.errors += 1;
    if (member.failed) entry.failures += 1;
    if (view.lcp !== null) entry.lcp.push(view.lcp);
    if (view.inp !== null) entry.inp.push(view.inp);
  }
  return [...clients.values()];
}

/** The `leaveOut` clients first in an order (the count first, the other kind of views next, then the client). */
function firstOf(clients: ClientOfSide[], leaveOut: number, order: (a: ClientOfSide, b: ClientOfSide) => number): Set<ClientOfSide> {
  return new Set(leaveOut > 0 ? [...clients].sort((a, b) => order(a, b) || bytewise(a.client, b.client)).slice(0, leaveOut) : []);
}

/** One count (errors, or load failures) with the clients that push it most either way left out, and with only the clean ones. */
function trimmed(clients: ClientOfSide[], leaveOut: number, countOf: (client: ClientOfSide) => number) {
  const most = firstOf(clients, leaveOut, (a, b) => countOf(b) - countOf(a) || a.views - countOf(a) - (b.views - countOf(b)));
  const mostWithout = firstOf(clients, leaveOut, (a, b) => b.views - countOf(b) - (a.views - countOf(a)) || countOf(a) - countOf(b));
  const low = { views: 0, count: 0 };
  const high = { views: 0, count: 0 };
  for (const client of clients) {
    const cleanOut = client.views > countOf(client) && mostWithout.has(client);
    if (!cleanOut && !(countOf(client) > 0 && most.has(client))) {
      low.views += client.views;
      low.count += countOf(client);
    }
    if (!cleanOut) {
      high.views += client.views;
      high.count += countOf(client);
    }
  }
  return { low, high };
}

/**
 * Each count of a side with, for each count (errors, load failures), the `leaveOut` clients with the most such
 * views, or with the most views without, left out (a forger pushing either way is one of them, or sent no more than
 * each real client left out in its place). A tie goes to the client that pushes further the same way (fewer views of
 * the other kind); clients tied on both counts add the same to every figure, so which of them is left out changes
 * nothing, and no name a client picks (its address) decides anything.
 */
export function trimmedCountsOf(clients: ClientOfSide[], leaveOut: number): TrimmedCounts {
  const errors = trimmed(clients, leaveOut, (client) => client.errors);
  const failures = trimmed(clients, leaveOut, (client) => client.failures);
  const sum = (of: (client: ClientOfSide) => number) => clients.reduce((total, client) => total + of(client), 0);
  return {
    clients: clients.length,
    allFailures: sum((client) => client.failures),
    errorViews: errors.low.views,
    errors: errors.low.count,
    failureViews: failures.low.views,
    failures: failures.low.count,
    errorViewsHigh: errors.high.views,
    errorsHigh: errors.high.count,
    failureViewsHigh: failures.high.views,
    failuresHigh: failures.high.count,
    lcpViews: sum((client) => client.lcp.length),
    inpViews: sum((client) => client.inp.length),
  };
}

/**
 * A side's time metric as the guard judges it: each client's own p75 first (one value per client, however many
 * views it sent), then the median of those across the side's clients. k clients acting together move a median of
 * n clients by at most k/2 places among the real clients' values, wherever they put theirs (at 3,600,000 ms or at
 * 0, or just past the middle), and the middle is where real values lie closest together: the least any
 * percentile can be moved by k. A slower canary moves every client's value, so it moves the median with them.
 * Leaving clients out at the ends would change no median, so none are (deploy/ops/release/README.md).
 */
export function medianClientsOf(clients: ClientOfSide[]): { lcp?: number; inp?: number } {
  const medianOf = (valuesOf: (client: ClientOfSide) => number[]) => nearestRank(measured(clients, (client) => p75Of(valuesOf(client)) ?? null), 0.5);
  const [lcp, inp] = [medianOf((client) => client.lcp), medianOf((client) => client.inp)];
  return { ...(lcp === undefined ? {} : { lcp }), ...(inp === undefined ? {} : { inp }) };
}
