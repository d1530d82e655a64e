import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';

type Json = Expression<unknown>;

/**
 * What the summary queries say differently on each dialect, and nothing else: JSON kept as text read as rows
 * (SQLite's json_each; PostgreSQL's json_each_text and json_array_elements_text over a cast), a JSON array built as
 * text (the key of a group), a JSON object's value at a key given as text (a view's version of a remote), and text
 * ordered byte by byte where a tie is broken (SQLite's BINARY; PostgreSQL's "C", whatever the database's collation),
 * so both pick the same build or client when counts tie.
 */
export interface DialectSql {
  entries: (json: Json) => RawBuilder<unknown>;
  items: (json: Json) => RawBuilder<unknown>;
  array: (...values: RawBuilder<unknown>[]) => RawBuilder<unknown>;
  valueAt: (json: Json, key: Json) => RawBuilder<unknown>;
  bytewise: RawBuilder<unknown>;
}
export const DIALECT_SQL: Record<Dialect, DialectSql> = {
  sqlite: {
    entries: (json) => sql`json_each(${json})`,
    items: (json) => sql`json_each(${json})`,
    array: (...values) => sql`json_array(${sql.join(values)})`,
    valueAt: (json, key) => sql`json_extract(${json}, '$."' || ${key} || '"')`,
    bytewise: sql``,
  },
  postgres: {
    entries: (json) => sql`json_each_text(${json}::json)`,
    items: (json) => sql`json_array_elements_text(${json}::json)`,
    array: (...values) => sql`json_build_array(${sql.join(values)})::text`,
    valueAt: (json, key) => sql`(${json}::json ->> ${key})`,
    bytewise: sql` COLLATE "C"`,
  },
};
