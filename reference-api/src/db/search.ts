import type { Statement } from 'better-sqlite3';
import type { Course, Expert, Paged } from '@wenrun/shared/node';
import { characterCount, ftsPhrase, TRIGRAM_MIN } from '../search/terms';
import { COURSE_COLUMNS, EXPERT_COLUMNS } from './content';
import type { Db } from './database';

type Kind = 'course' | 'expert';

const KINDS = {
  course: { table: 'courses', alias: 'c', fts: 'courses_fts', columns: COURSE_COLUMNS, titleColumn: 'c.title' },
  expert: { table: 'experts', alias: 'e', fts: 'experts_fts', columns: EXPERT_COLUMNS, titleColumn: 'e.name' },
} as const;

/**
 * Every term narrows the result through an index: the trigram FTS index for 3+ characters, the gram table
 * below that. Terms only ever travel as bound parameters.
 */
function termCondition(kind: Kind, term: string): string {
  const { alias, fts } = KINDS[kind];
  return characterCount(term) >= TRIGRAM_MIN
    ? `${alias}.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`
    : `${alias}.id IN (SELECT ref_id FROM search_grams WHERE gram = ? AND kind = '${kind}')`;
}

const termParam = (term: string) => (characterCount(term) >= TRIGRAM_MIN ? ftsPhrase(term) : term);

export function createSearchStore(db: Db) {
  // One statement per (kind, shape of the terms): at most 2 x (2 + 4 + ... + 2^8) shapes, prepared once each.
  const statements = new Map<
    string,
    { count: Statement<unknown[], { total: number }>; page: Statement<unknown[], Course | Expert> }
  >();

  function prepared(kind: Kind, terms: string[]) {
    const shape = `${kind}:${terms.map((term) => (characterCount(term) >= TRIGRAM_MIN ? 'f' : 'g')).join('')}`;
    let entry = statements.get(shape);
    if (!entry) {
      const { table, alias, columns, titleColumn } = KINDS[kind];
      const where = terms.map((term) => termCondition(kind, term)).join(' AND ');
      entry = {
        count: db.prepare<unknown[], { total: number }>(`SELECT count(*) AS total FROM ${table} ${alias} WHERE ${where}`),
        // Hits in the title (or the expert's name) first, then the catalogue order.
        page: db.prepare<unknown[], Course | Expert>(
          `SELECT ${columns} FROM ${table} ${alias} WHERE ${where}
           ORDER BY instr(lower(${titleColumn}), ?) = 0, ${alias}.id LIMIT ? OFFSET ?`,
        ),
      };
      statements.set(shape, entry);
    }
    return entry;
  }

  function search<T extends Course | Expert>(kind: Kind, terms: string[], page: number, pageSize: number): Paged<T> {
    const { count, page: pageStatement } = prepared(kind, terms);
    const params = terms.map(termParam);
    const total = count.get(...params)?.total ?? 0;
    // The statement of a kind selects exactly that kind's columns, so its rows are T.
    const list = total === 0 ? [] : (pageStatement.all(...params, terms[0], pageSize, (page - 1) * pageSize) as T[]);
    return { list, total, page, pageSize };
  }

  return {
    courses: (terms: string[], page: number, pageSize: number) => search<Course>('course', terms, page, pageSize),
    experts: (terms: string[], page: number, pageSize: number) => search<Expert>('expert', terms, page, pageSize),
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
