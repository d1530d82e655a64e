import { sql } from 'kysely';

/** A value per group, as the percentile queries return it. */
export interface GroupValue {
  grp: string;
  value: number;
}

/**
 * The nearest-rank percentile (`fraction`) of `value` per group (`by`, columns of `rows`): the value at rank
 * ceil(fraction × n), always one measured.
 */
export const percentileOf = (rows: string, fraction: number, by = 'grp') => sql`
    SELECT ${sql.raw(by)}, value FROM (
      SELECT ${sql.raw(by)}, value, row_number() OVER (PARTITION BY ${sql.raw(by)} ORDER BY value) AS place, count(*) OVER (PARTITION BY ${sql.raw(by)}) AS n
        FROM ${sql.raw(rows)}
    ) ranked WHERE place = CAST(ceil(${sql.lit(fraction)} * n) AS INTEGER)`;

export const p75Of = (rows: string) => percentileOf(rows, 0.75);
