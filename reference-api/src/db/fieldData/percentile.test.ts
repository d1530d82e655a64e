import { sql } from 'kysely';
import { testDatabase } from '../../test/harness';
import { percentileOf } from './percentile';

/** The nearest-rank percentile, by its definition: the value at rank ceil(fraction × n) of the sorted values. */
const nearestRank = (values: number[], fraction: number) => [...values].sort((a, b) => a - b)[Math.ceil(fraction * values.length) - 1];

describe('percentileOf: the nearest-rank percentile as an aggregate, the same on both dialects', () => {
  it('takes the value at rank ceil(fraction × n) for every group size, leaves nulls out, and is null with no value', async () => {
    const db = await testDatabase();
    await sql`CREATE TABLE measured (grp integer, value double precision)`.execute(db.kysely);
    const groups = new Map<number, number[]>();
    // Sizes 1 to 13 (where floor and ceil ranks part), values out of order and repeated, a null in each group.
    for (let size = 1; size <= 13; size += 1) groups.set(size, Array.from({ length: size }, (_, index) => ((index * 7919) % 11) * 10.5));
    const rows = [...groups].flatMap(([grp, values]) => [...values.map((value) => sql`(${grp}, ${value})`), sql`(${grp}, NULL)`]);
    await sql`INSERT INTO measured (grp, value) VALUES ${sql.join([...rows, sql`(99, NULL)`])}`.execute(db.kysely);
    for (const fraction of [0.75, 0.5]) {
      const { rows: found } = await sql<{ grp: number; value: number | null }>`
        SELECT grp, ${percentileOf(db.dialect, sql.ref('value'), fraction)} AS value FROM measured GROUP BY grp ORDER BY grp`.execute(db.kysely);
      expect(found).toEqual([...[...groups].map(([grp, values]) => ({ grp, value: nearestRank(values, fraction) })), { grp: 99, value: null }]);
    }
  });
});
