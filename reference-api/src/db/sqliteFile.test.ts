import { openSqliteFile } from './sqliteFile';

describe('openSqliteFile', () => {
  test('on a Node without node:sqlite (20), says which lines to run under, in Chinese', () => {
    const getBuiltinModule = process.getBuiltinModule;
    // Node 20.16 and later have getBuiltinModule and answer undefined for a module they lack.
    process.getBuiltinModule = (() => undefined) as typeof process.getBuiltinModule;
    try {
      expect(() => openSqliteFile(':memory:')).toThrow(/没有 node:sqlite：请用 22\.16 及以上的 22、24 或 26 版本线运行/);
    } finally {
      process.getBuiltinModule = getBuiltinModule;
    }
  });

  test('opens a database that answers a query', () => {
    const file = openSqliteFile(':memory:');
    expect(file.get('SELECT 1 + 1 AS two')).toEqual({ two: 2 });
  });
});
