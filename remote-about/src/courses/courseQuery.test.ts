import { courseQuerySearch, readCourseQuery } from './courseQuery';

describe('course query in the address', () => {
  it.each([
    ['', { page: 1, category: '' }],
    ['?page=3', { page: 3, category: '' }],
    ['?category=%E7%8F%AD%E7%BA%A7%E7%AE%A1%E7%90%86&page=2', { page: 2, category: '班级管理' }],
    ['?page=0', { page: 1, category: '' }],
    ['?page=-2', { page: 1, category: '' }],
    ['?page=2.5', { page: 1, category: '' }],
    ['?page=abc', { page: 1, category: '' }],
    ['?page=1e3', { page: 1, category: '' }],
    ['?page=99999', { page: 1, category: '' }],
    ['?category=%20%20', { page: 1, category: '' }],
  ])('%s reads as %j', (search, expected) => {
    expect(readCourseQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it('cuts an absurdly long category instead of sending it', () => {
    expect(readCourseQuery(new URLSearchParams({ category: '类'.repeat(500) })).category).toHaveLength(50);
  });

  it('writes only what differs from the first page of everything, and reads back what it wrote', () => {
    expect(courseQuerySearch({ page: 1, category: '' })).toBe('');
    for (const query of [
      { page: 4, category: '' },
      { page: 1, category: '心理健康' },
      { page: 2, category: 'a&b=c?' },
    ]) {
      expect(readCourseQuery(new URLSearchParams(courseQuerySearch(query)))).toEqual(query);
    }
  });
});
