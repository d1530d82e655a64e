import { sql, type RawBuilder } from 'kysely';
import type { Course, Expert, Paged } from '@wenrun/shared/node';
import { characterCount, ftsPhrase, TRIGRAM_MIN } from '../search/terms';
import { COURSE_COLUMNS, EXPERT_COLUMNS } from './content';
import type { Db, Dialect } from './database';
import { COURSE_TEXT, EXPERT_TEXT } from './migrations/001_init';

type Kind = 'course' | 'expert';

const KINDS = {
  course: { table: 'courses', alias: 'c', fts: 'courses_fts', text: COURSE_TEXT, columns: COURSE_COLUMNS, titleColumn: 'c.title' },
  expert: { table: 'experts', alias: 'e', fts: 'experts_fts', text: EXPERT_TEXT, columns: EXPERT_COLUMNS, titleColumn: 'e.name' },
} as const;

/** A LIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally (backslash is the escape). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Every term narrows the result through an index: the gram table below 3 characters, a trigram index from 3. The
 * trigram index is the one dialect difference of search: SQLite's FTS5 table (the term as an FTS5 string, so nothing
 * in it is query syntax), PostgreSQL's pg_trgm GIN index under ILIKE (the same case-insensitive substring match).
 * Terms only ever travel as bound parameters.
 */
function termCondition(dialect: Dialect, kind: Kind, term: string): RawBuilder<unknown> {
  const { table, alias, fts, text } = KINDS[kind];
  const id = sql.ref(`${alias}.id`);
  if (characterCount(term) < TRIGRAM_MIN) return sql`${id} IN (SELECT ref_id FROM search_grams WHERE gram = ${term} AND kind = ${kind})`;
  if (dialect === 'sqlite') return sql`${id} IN (SELECT rowid FROM ${sql.table(fts)} WHERE ${sql.table(fts)} MATCH ${ftsPhrase(term)})`;
  return sql`${id} IN (SELECT id FROM ${sql.table(table)} WHERE ${sql.raw(text)} ILIKE ${containing(term)})`;
}

/** Where `term` first occurs in `column`, lower-cased; 0 when it does not (SQLite's instr, PostgreSQL's strpos). */
const position = (dialect: Dialect, column: string, term: string) =>
  sql`${sql.raw(dialect === 'sqlite' ? 'instr' : 'strpos')}(lower(${sql.ref(column)}), ${term})`;

export function createSearchStore({ kysely, dialect }: Db) {
  async function search<T extends Course | Expert>(kind: Kind, terms: string[], page: number, pageSize: number): Promise<Paged<T>> {
    const { table, alias, columns, titleColumn } = KINDS[kind];
    const from = sql`${sql.table(table)} ${sql.raw(alias)}`;
    const where = sql.join(terms.map((term) => termCondition(dialect, kind, term)), sql` AND `);
    const counted = await sql<{ total: number }>`SELECT count(*) AS total FROM ${from} WHERE ${where}`.execute(kysely);
    const total = Number(counted.rows[0]?.total ?? 0);
    if (total === 0) return { list: [], total, page, pageSize };
    // Hits in the title (or the expert's name) first, then the catalogue order. The columns are the kind's, so rows are T.
    const list = await sql<T>`SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM ${from} WHERE ${where}
      ORDER BY ${position(dialect, titleColumn, terms[0] ?? '')} = 0, ${sql.ref(`${alias}.id`)}
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(kysely);
    return { list: list.rows, total, page, pageSize };
  }

  return {
    courses: (terms: string[], page: number, pageSize: number) => search<Course>('course', terms, page, pageSize),
    experts: (terms: string[], page: number, pageSize: number) => search<Expert>('expert', terms, page, pageSize),
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
