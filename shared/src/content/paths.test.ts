import { aboutSectionFromPath } from './aboutSections';
import { matchRoutes } from 'react-router-dom';
import { decodablePath, matchPattern, SEARCH_ROUTE, searchKeywordFromPath, searchPath } from './routes';

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

describe('decodablePath: what React Router is given to match', () => {
  const MALFORMED = ['/search/100%', '/search/%E4%ZZ', '/search/%E4%AD', '/search/a%2Fb%ZZ', '/about/%E4%A3', '/wuyou/%', '/x/%%41'];

  it('leaves a path that decodes as it is', () => {
    for (const path of ['/', '/search/%E8%AF%BE%E7%A8%8B', '/search/100%25', '/about/3', '/wuyou/%31']) expect(decodablePath(path)).toBe(path);
  });

  it.each(MALFORMED)('%s: decodes back to the path as written', (path) => {
    expect(decodeURIComponent(decodablePath(path))).toBe(path);
  });

  it.each(MALFORMED)('%s: the same params as React Router reads from the path as written, and no warning', (path) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const asWritten = matchRoutes([{ path: SEARCH_ROUTE }, { path: '/*' }], path)?.[0]?.params;
    // React Router's own fallback, the behaviour kept: it warns, naming the path.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be decoded'));
    warn.mockClear();
    expect(matchPattern(SEARCH_ROUTE, path) ?? matchPattern('/*', path)).toEqual(asWritten);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
