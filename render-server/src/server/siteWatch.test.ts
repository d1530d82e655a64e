import { carriedForward, changesBetween, unlistedActivityPages, type SiteSnapshot } from './siteWatch';

const snapshot = (activities: [string, string][] | null): SiteSnapshot => ({
  config: 'c',
  manifests: { header: 'h', about: 'a', auth: 'u', wuyou: 'w' },
  versions: {} as SiteSnapshot['versions'],
  activities: activities && new Map(activities),
});

describe('the site watch', () => {
  it('names an activity edited, taken offline or newly listed since the last look', () => {
    const before = snapshot([['1', 't1'], ['2', 't1'], ['3', 't1']]);
    const after = snapshot([['1', 't1'], ['2', 't2'], ['4', 't1']]);
    expect(changesBetween(before, after).activities).toEqual(['2', '3', '4']);
  });

  it('an activity taken offline while one check could not read the list is still noticed at the next', () => {
    const listed = snapshot([['7', 't1']]);
    const unreadable = snapshot(null);
    const offline = snapshot([]);
    const kept = carriedForward(listed, unreadable);
    expect(changesBetween(listed, unreadable).activities).toEqual([]);
    expect(changesBetween(kept, offline).activities).toEqual(['7']);
    expect(carriedForward(kept, offline)).toBe(offline);
  });

  it('finds the cached page of an activity published and taken offline between two checks', () => {
    const cached = ['/wuyou/1', '/wuyou/10'];
    expect(unlistedActivityPages(cached, snapshot([['1', 't1']]))).toEqual(['/wuyou/10']);
    // A list that could not be read takes nothing down.
    expect(unlistedActivityPages(cached, snapshot(null))).toEqual([]);
  });
});
