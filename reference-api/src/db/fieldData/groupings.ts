import { DAY_MS, REMOTE_NAMES } from '@wenrun/shared/node';
import { bytewise } from './bytewise';
import type { WindowView } from './hourCache';
import { CHINA_OFFSET_MS, MAX_VERSIONS_PER_REMOTE } from './limits';

/** A view as counted for one side of a remote (the remotes of the parts table only), with the group it is in. */
export interface RemoteMember {
  view: WindowView;
  remote: string;
  /** Whether the view was in the remote's canary. */
  canary: boolean;
  /** Whether the remote's slot fell back or failed in the view (it did not load on its own). */
  failed: boolean;
  key: string;
}

/** A view as counted for one build of a remote. */
export interface ReleaseMember {
  view: WindowView;
  remote: string;
  version: string;
  canary: boolean;
  key: string;
}

export interface SideGroup {
  remote: string;
  canary: boolean;
  members: RemoteMember[];
}

export interface ReleaseGroup {
  remote: string;
  version: string;
  canary: boolean;
  members: ReleaseMember[];
}

const REMOTES = new Set<string>(REMOTE_NAMES);

/**
 * The sides a view counts for: a remote's canary visitors apart from its stable ones, whatever build they ended up
 * running (a canary visitor whose canary failed runs the stable build, and counts as a canary visitor). A view
 * counts for a remote it ran, was in the canary of, or reported a slot of: a view whose every entry of it failed has
 * no version of it. Worked out once, when the view's hour is read (hourCache.ts), which keeps one copy of each key.
 */
export function sidesOf(view: WindowView, keep: (key: string) => string = (key) => key): RemoteMember[] {
  const remotes = new Set([...Object.keys(view.versions), ...view.canary, ...view.slots.map((slot) => slot.remote)]);
  return [...remotes]
    .filter((remote) => REMOTES.has(remote))
    .map((remote) => {
      const canary = view.canary.includes(remote);
      const failed = view.slots.some((slot) => slot.remote === remote && slot.outcome !== null && slot.outcome !== 'loaded');
      return { view, remote, canary, failed, key: keep(`${remote} ${canary}`) };
    });
}

/** The builds a view ran, canary apart from stable. Worked out once, when the view's hour is read. */
export const buildsOf = (view: WindowView, keep: (key: string) => string = (key) => key): ReleaseMember[] =>
  Object.entries(view.versions)
    .filter(([remote]) => REMOTES.has(remote))
    .map(([remote, version]) => {
      const canary = view.canary.includes(remote);
      return { view, remote, version, canary, key: keep(JSON.stringify([remote, version, canary])) };
    });

/** Items into groups by a key, each group made once from its first item. */
function groupBy<T, G extends { members: T[] }>(items: readonly T[], keyOf: (item: T) => string, make: (item: T) => G): G[] {
  const groups = new Map<string, G>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = make(item)));
    group.members.push(item);
  }
  return [...groups.values()];
}

/** The members of every view into groups by their key (worked out when the view was read), each group made once. */
function groupMembers<M extends { key: string }, G extends { members: M[] }>(views: readonly WindowView[], membersOf: (view: WindowView) => M[], make: (member: M) => G): G[] {
  const groups = new Map<string, G>();
  for (const view of views) {
    for (const member of membersOf(view)) {
      let group = groups.get(member.key);
      if (!group) groups.set(member.key, (group = make(member)));
      group.members.push(member);
    }
  }
  return [...groups.values()];
}

export const byRoute = (views: WindowView[]) => groupBy(views, (view) => view.route, (view) => ({ route: view.route, members: [] as WindowView[] }));

/** A day in China time, as its date, beside the route. */
const dayOf = (view: WindowView) => Math.floor((view.seenAt + CHINA_OFFSET_MS) / DAY_MS);
export const byDay = (views: WindowView[]) =>
  groupBy(
    views,
    (view) => `${dayOf(view)} ${view.route}`,
    (view) => ({ day: new Date(dayOf(view) * DAY_MS).toISOString().slice(0, 10), route: view.route, members: [] as WindowView[] }),
  );

/**
 * Each build of each remote, canary apart from stable, and only the most viewed builds of each remote (ties: the
 * version byte by byte, stable first), so a reply stays small whatever versions beacons claim.
 */
export function byRelease(views: WindowView[]): ReleaseGroup[] {
  const groups = groupMembers(
    views,
    (view) => view.builds,
    ({ remote, version, canary }): ReleaseGroup => ({ remote, version, canary, members: [] }),
  );
  return REMOTE_NAMES.flatMap((remote) =>
    groups
      .filter((group) => group.remote === remote)
      .sort((a, b) => b.members.length - a.members.length || bytewise(a.version, b.version) || Number(a.canary) - Number(b.canary))
      .slice(0, MAX_VERSIONS_PER_REMOTE),
  );
}

/** Each side of each remote seen: its canary visitors, and its stable ones (sidesOf). */
export const bySide = (views: WindowView[]): SideGroup[] =>
  groupMembers(
    views,
    (view) => view.sides,
    ({ remote, canary }): SideGroup => ({ remote, canary, members: [] }),
  );
