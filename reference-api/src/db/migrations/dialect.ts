import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/** The two databases the API runs on: SQLite embedded (the default), PostgreSQL when `DATABASE_URL` names one. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * A migration sees the schema as it stood when it was written, not today's `Schema`: untyped on purpose, as Kysely's
 * own migrations are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: no table type fits every migration's moment
export type MigrationDb = Kysely<any>;

export interface Migration {
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
}

/**
 * An id the database hands out on insert. SQLite: `INTEGER PRIMARY KEY` is the rowid (ids only grow while the
 * newest row is kept, which the caps rely on: messages.ts). PostgreSQL: an identity column, which never reuses one.
 */
export const generatedId = (dialect: Dialect) => (column: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey();

/**
 * SQLite only: a table stored in the order of its text key, without a rowid, so that an index over it holds the key
 * and answers alone (field_client_totals_by_views gives the client). PostgreSQL has no such option and needs none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's own type parameters, passed through unchanged
export function withoutRowid<T extends CreateTableBuilder<any, any>>(table: T, dialect: Dialect): T {
  return (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table) as T;
}
