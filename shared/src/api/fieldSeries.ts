import { DAY_MS, HOUR_MS } from '../time';

/**
 * Field data over time for the ops console (shell/src/status): per remote, its canary visitors and its stable ones as
 * two series, hour by hour over a day or day by day over a week. Served by the reference API under its admin prefix
 * (behind the admin token) and, in demo mode only, its development prefix, like the release figures.
 */
export const FIELD_SERIES_PATH = '/field-data/series';

/** The windows a series may cover: 1 day in hours, 7 days in days (China time). */
export const FIELD_SERIES_WINDOWS = { 1: HOUR_MS, 7: DAY_MS } as const;
export type FieldSeriesDays = keyof typeof FIELD_SERIES_WINDOWS;

/** One bucket of one side: its views, and what the ops console draws. */
export interface FieldSeriesPoint {
  /** Start of the bucket, ms since the epoch. */
  at: number;
  views: number;
  errorRate: number;
  /** Share of the views in which a slot of the remote fell back or failed to load. */
  loadFailureRate: number;
  lcpP75?: number;
  inpP75?: number;
}

export interface FieldSeriesSide {
  remote: string;
  canary: boolean;
  /** The builds of the remote these views ran, most viewed first (at most a few). */
  versions: string[];
  points: FieldSeriesPoint[];
}

export interface FieldSeries {
  since: number;
  until: number;
  bucketMs: number;
  sides: FieldSeriesSide[];
}
