import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';

/**
 * The nearest-rank percentile (`fraction`) of `value` over the rows of a group, as an aggregate: the value at rank
 * ceil(fraction × n) of the group's values that are not null, always one measured; null when there are none.
 * PostgreSQL's `percentile_disc` is that definition; SQLite's (3.47+, and not in Node 22's) takes the rank
 * floor(fraction × (n − 1)) + 1 instead, so SQLite has one of its own, `nearest_rank` (sqliteFile.ts). An aggregate
 * sorts each group's values once, where the window functions it replaces (row_number and count over each group)
 * took ten times as long on a week of views at the caps (issue 52).
 */
export const percentileOf = (dialect: Dialect, value: RawBuilder<unknown>, fraction: number): RawBuilder<number | null> =>
  dialect === 'postgres'
    ? sql<number | null>`percentile_disc(${sql.lit(fraction)}) WITHIN GROUP (ORDER BY ${value})`
    : sql<number | null>`nearest_rank(${value}, ${sql.lit(fraction)})`;

export const p75Of = (dialect: Dialect, value: RawBuilder<unknown>) => percentileOf(dialect, value, 0.75);
