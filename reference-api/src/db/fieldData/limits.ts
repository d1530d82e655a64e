import { HOUR_MS } from '@wenrun/shared/node';

/** China time, where the site's visitors and its ops are: a day of field data is a day there. */
export const CHINA_OFFSET_MS = 8 * HOUR_MS;
/**
 * Beyond retention, caps: a flood of beacons cannot grow the file without bound. The views cap holds many small
 * views, the events cap one view id sent again and again. Past a cap, the client holding the most (views, or events)
 * loses its oldest view, whole with its events: under the threat model that is a forger, never a visitor with a few
 * views, and no figure is computed over a view that lost half of what it measured.
 */
export const MAX_FIELD_VIEWS = 100_000;
export const MAX_FIELD_EVENTS = 200_000;
/**
 * New views one client (an IPv4 address, an IPv6 /64) may send in an hour. Past it the client is a flooder for that
 * hour: its further views are not stored, and those it sent that hour count in no figure, so a flood moves nothing.
 * 300 sampled views an hour is a school of 300 teachers behind one address opening ten pages each in that hour at
 * the production example's 10 % sample rate; a school busier than that is left out for the hour (README.md).
 */
export const FIELD_VIEWS_PER_CLIENT_PER_HOUR = 300;
/**
 * The summary shows this many builds of each remote at most, those seen in the most views: enough for a stable
 * build, its canary and a few older tabs, and a reply of bounded size whatever versions beacons claim.
 */
export const MAX_VERSIONS_PER_REMOTE = 10;

export interface FieldDataLimits {
  views: number;
  events: number;
  viewsPerClientPerHour: number;
}

export const DEFAULT_FIELD_DATA_LIMITS: FieldDataLimits = {
  views: MAX_FIELD_VIEWS,
  events: MAX_FIELD_EVENTS,
  viewsPerClientPerHour: FIELD_VIEWS_PER_CLIENT_PER_HOUR,
};
