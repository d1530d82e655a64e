import type { FieldSummary } from '@wenrun/shared/node';
import { figuresOf, slotFiguresOf } from './figures';
import { byDay, byRelease, byRoute } from './groupings';
import type { WindowView } from './hourCache';

/** Each shown build of each remote with its slot's load p75, fallbacks and failures. */
const byRemoteVersionOf = (views: WindowView[]): FieldSummary['byRemoteVersion'] =>
  byRelease(views)
    .map((group) => ({
      remote: group.remote,
      version: group.version,
      canary: group.canary,
      ...figuresOf(group.members.map((member) => member.view)),
      ...slotFiguresOf(group),
    }))
    .sort(
      (a, b) =>
        a.remote.localeCompare(b.remote) ||
        a.version.localeCompare(b.version, undefined, { numeric: true }) ||
        Number(a.canary) - Number(b.canary),
    );

/** The field data of [since, until] by route, by day and route, and by build of each remote. */
export function fieldSummary(views: WindowView[], since: number, until: number): FieldSummary {
  return {
    since,
    until,
    byRoute: byRoute(views)
      .map(({ route, members }) => ({ route, ...figuresOf(members) }))
      .sort((a, b) => b.views - a.views || a.route.localeCompare(b.route)),
    byRemoteVersion: byRemoteVersionOf(views),
    byDay: byDay(views)
      .map(({ day, route, members }) => ({ day, route, ...figuresOf(members) }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route)),
  };
}
