import { aboutSectionFromPath } from './aboutSections';
import { searchKeywordFromPath, searchPath } from './routes';

describe('aboutSectionFromPath (docs/SPEC.md §2: the last character, a digit 1–6)', () => {
  it.each([
    ['/about', 1],
    ['/about/1', 1],
    ['/about/3', 3],
    ['/about/6', 6],
    ['/about/6/', 6],
    ['/about/abc5', 5],
    ['/about/x3', 3],
    ['/about/9', 1],
    ['/about/0', 1],
    ['/about/7', 1],
    ['/about/', 1],
  ])('%s is section %i', (path, key) => {
    expect(aboutSectionFromPath(path)).toBe(key);
  });
});

describe('search paths', () => {
  it.each(['课程', 'a/b', '100%', 'c#', 'why?', '教师😀成长', '<img src=x onerror=alert(1)>', '研'.repeat(200), ' 空格 '])(
    'round-trips %p exactly',
    (text) => {
      const path = searchPath(text);
      expect(path.startsWith('/search/')).toBe(true);
      expect(path.slice('/search/'.length)).not.toMatch(/[/?#]/);
      expect(searchKeywordFromPath(path)).toBe(text);
    },
  );

  it('keeps a malformed escape as the raw text', () => {
    expect(searchKeywordFromPath('/search/%E4%ZZ')).toBe('%E4%ZZ');
  });
});
