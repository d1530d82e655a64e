import { SEARCH_KEYWORD_MAX, searchKeywordFromPath, searchPath } from '@wenrun/shared';
import { keywordTerms, termPattern } from './keyword';

describe('search paths as the header builds and the results page reads them', () => {
  it.each(['a/b', '100%', 'c#', 'why?', '😀', '研'.repeat(SEARCH_KEYWORD_MAX), '<b>x</b>', '  两个  空格 '])(
    'round-trips %j',
    (text) => {
      expect(searchKeywordFromPath(searchPath(text))).toBe(text);
    },
  );

  it('reads a malformed escape as the raw text, without throwing', () => {
    expect(searchKeywordFromPath('/search/%E4%ZZ')).toBe('%E4%ZZ');
    expect(searchKeywordFromPath('/search/%')).toBe('%');
  });
});

describe('keywordTerms and termPattern', () => {
  it('splits on whitespace, lower-cases and drops repeats', () => {
    expect(keywordTerms('  AI 班主任  ai ')).toEqual(['ai', '班主任']);
    expect(keywordTerms('   ')).toEqual([]);
  });

  it('matches the terms as plain text, whatever characters they hold', () => {
    const pattern = termPattern(keywordTerms('a.b (c) [d]* 心理'));
    expect('xa.by'.split(pattern ?? /$^/)).toEqual(['x', 'a.b', 'y']);
    expect('axb'.split(pattern ?? /$^/)).toEqual(['axb']);
    expect('中小学生心理危机'.split(pattern ?? /$^/)).toEqual(['中小学生', '心理', '危机']);
    expect(termPattern([])).toBeNull();
  });

  it('prefers the longest term where terms overlap', () => {
    const pattern = termPattern(['班', '班主任']);
    expect('新手班主任'.split(pattern ?? /$^/)).toEqual(['新手', '班主任', '']);
  });
});
