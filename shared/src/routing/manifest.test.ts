import { DEFAULT_RUNTIME_CONFIG } from '../config/runtimeConfig';
import { PageDataStore, type PageDataEntry } from '../pageData/PageDataStore';
import { TEST_ACTIVITY } from '../activity/testActivity';
import { allRemoteModules, buildPaths, modulesOf, redirectOf, routeOf, SITE_ROUTES, type HeadContext } from './manifest';
import { pageTarget } from './pageTarget';
import { PAGE_DATA_KEYS } from './pageDataKeys';

const company = DEFAULT_RUNTIME_CONFIG.contact.company;

function context(pathname: string, data: Record<string, PageDataEntry> = {}): HeadContext {
  return { pathname, params: routeOf(pathname).params, config: DEFAULT_RUNTIME_CONFIG, siteUrl: 'https://www.example.cn', data: new PageDataStore('server', data) };
}

describe('route manifest', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/about/3', 'about'],
    ['/about/abc5', 'about'],
    ['/search/课程', 'search'],
    ['/search/%E8%AF%BE', 'search'],
    ['/wuyou/1', 'activity'],
    ['/wuyou/1/', 'activity'],
    ['/nowhere', 'other'],
    ['//', 'home'],
    ['/about//3', 'about'],
    ['/aboutx', 'other'],
    // docs/SPEC.md §2: only /search/{key} and /wuyou/{id} are those pages; any other path shows home.
    ['/search', 'other'],
    ['/search/', 'other'],
    ['/wuyou', 'other'],
    ['/wuyou/', 'other'],
    ['/wuyou/1/2', 'other'],
    // A line break is no part of any page's address.
    ['/about%0A/3', 'other'],
    // One rule for letter case, React Router's: patterns match regardless of it.
    ['/ABOUT/3', 'about'],
    ['/Search/x', 'search'],
    ['/WUYOU/1', 'activity'],
  ])('routes %s to %s', (pathname, id) => {
    expect(routeOf(pathname).route.id).toBe(id);
  });

  it("says when no pattern reads a path at all: the shell's routes are then shown the home page", () => {
    expect(routeOf('/about/%0A')).toMatchObject({ route: { id: 'other' }, params: {}, matched: false });
    expect(routeOf('/anything')).toMatchObject({ route: { id: 'other' }, matched: true });
  });

  it('has one entry per id, and the activity pages alone without the layout', () => {
    expect(new Set(SITE_ROUTES.map((route) => route.id)).size).toBe(SITE_ROUTES.length);
    expect(SITE_ROUTES.filter((route) => !route.layout).map((route) => route.id)).toEqual(['activity']);
  });

  it('writes the home page and the about pages at build; activities, search and the rest per request', () => {
    expect(buildPaths()).toEqual(['/', '/about', '/about/1', '/about/2', '/about/3', '/about/4', '/about/5', '/about/6']);
  });

  it('loads the header with the layout and each page its own module', () => {
    const ids = (pathname: string) => modulesOf(routeOf(pathname).route).map((ref) => `${ref.remote}/${ref.module}`);
    expect(ids('/')).toEqual(['header/./Header']);
    expect(ids('/about/2')).toEqual(['header/./Header', 'about/./AboutPage']);
    expect(ids('/search/x')).toEqual(['header/./Header', 'header/./SearchResults']);
    expect(ids('/wuyou/1')).toEqual(['wuyou/./ActivityPage']);
    expect(allRemoteModules().map((ref) => `${ref.remote}/${ref.module}`).sort()).toEqual(
      ['about/./AboutPage', 'auth/./LoginModal', 'header/./Header', 'header/./SearchResults', 'wuyou/./ActivityPage'].sort(),
    );
  });

  it('reads the params as React Router does: decoded once, in any letter case, a malformed escape kept as written', () => {
    expect(routeOf('/Search/%E8%AF%BE%E7%A8%8B').params).toMatchObject({ keyword: '课程' });
    expect(routeOf('/search/a%2Fb').params).toMatchObject({ keyword: 'a/b' });
    expect(routeOf('/search/%E4%ZZ').params).toMatchObject({ keyword: '%E4%ZZ' });
    expect(routeOf('/WUYOU/%31/').params).toMatchObject({ id: '1' });
    expect(routeOf('/wuyou/12/').params).toMatchObject({ id: '12' });
    expect(routeOf('/wuyou/%ZZ').params).toMatchObject({ id: '%ZZ' });
    expect(routeOf('/wuyou/')).toMatchObject({ route: { id: 'other' }, params: {} });
  });

  it('resolves a request\'s page once, from its address as the browser reads it: dot segments gone, the query apart', () => {
    expect(pageTarget('/wuyou/%31?from=share')).toEqual({ pathname: '/wuyou/%31', search: '?from=share', routeId: 'activity', params: { id: '1' }, matched: true });
    expect(pageTarget('/search/../wuyou/2')).toMatchObject({ pathname: '/wuyou/2', routeId: 'activity', params: { id: '2' } });
    expect(pageTarget('/about/3/./')).toMatchObject({ pathname: '/about/3/', routeId: 'about' });
    expect(pageTarget('/%ZZ?')).toEqual({ pathname: '/%ZZ', search: '', routeId: 'other', params: { '*': '%ZZ' }, matched: true });
  });

  it('reads a path whose escapes do not decode without a warning in the log (React Router names the path there)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(routeOf('/search/100%')).toMatchObject({ route: { id: 'search' }, params: { keyword: '100%' } });
    expect(routeOf('/wuyou/%E4%AD')).toMatchObject({ route: { id: 'activity' }, params: { id: '%E4%AD' } });
    expect(routeOf('/about/%ZZ')).toMatchObject({ route: { id: 'about' } });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('sends old addresses to their pages, in any letter case', () => {
    expect(redirectOf('/index.html')).toBe('/');
    expect(redirectOf('/Index.HTML')).toBe('/');
    expect(redirectOf('/about/index.html')).toBe('/about');
    expect(redirectOf('/about/3')).toBeUndefined();
  });
});

describe('page heads', () => {
  const head = (pathname: string, data?: Record<string, PageDataEntry>) => routeOf(pathname).route.head(context(pathname, data));

  it('names the home page after the company, canonically /, also for unknown paths', () => {
    expect(head('/')).toMatchObject({ title: `${company} - 教师研训、精品课程与智慧教育服务`, canonicalPath: '/' });
    expect(head('/no/such/page')).toMatchObject({ canonicalPath: '/' });
  });

  it('names each about section, with the path rule of docs/SPEC.md §2 as its canonical path', () => {
    expect(head('/about')).toMatchObject({ title: `公司简介 - ${company}`, canonicalPath: '/about/1' });
    expect(head('/about/abc5')).toMatchObject({ title: `观测评价 - ${company}`, canonicalPath: '/about/5' });
  });

  it('lists the shown courses on /about/3 as structured data', () => {
    const courses = { list: [{ title: '大单元教学设计', summary: '从课标到课堂' }], total: 1, categories: [] };
    const { jsonLd } = head('/about/3', { [PAGE_DATA_KEYS.courses(9, 1, '')]: { ok: true, data: courses } });
    expect(jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'ItemList',
        itemListElement: [expect.objectContaining({ item: expect.objectContaining({ '@type': 'Course', name: '大单元教学设计' }) })],
      }),
    ]);
  });

  it('keeps search pages out of search engines and names the keyword', () => {
    expect(head('/search/%E8%AF%BE%E7%A8%8B')).toMatchObject({ title: `“课程”的搜索结果 - ${company}`, noindex: true });
  });

  it('describes an activity with its own title, description, picture and Event', () => {
    const data = { [PAGE_DATA_KEYS.activity('1')]: { ok: true as const, data: TEST_ACTIVITY } };
    const activity = head('/wuyou/1', data);
    expect(activity).toMatchObject({
      title: `${TEST_ACTIVITY.title} - ${company}`,
      canonicalPath: '/wuyou/1',
      image: { path: '/wuyou/1/cover.png', alt: TEST_ACTIVITY.title },
    });
    expect(activity.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Event',
        name: TEST_ACTIVITY.title,
        startDate: '2027-01-18T09:00:00+08:00',
        endDate: '2027-01-23T17:00:00+08:00',
        location: expect.objectContaining({ '@type': 'Place', name: TEST_ACTIVITY.place }),
        organizer: expect.objectContaining({ name: TEST_ACTIVITY.organizer }),
        image: ['https://www.example.cn/wuyou/1/cover.png'],
      }),
    ]);
    expect(routeOf('/wuyou/1').route.status(context('/wuyou/1', data))).toBe(200);
  });

  it('answers 404 for an activity that does not exist or a malformed id, with the page saying why', () => {
    const gone = { [PAGE_DATA_KEYS.activity('99')]: { ok: false as const, error: { kind: 'envelope' as const, message: '活动不存在或已下线', code: '404' } } };
    expect(routeOf('/wuyou/99').route.status(context('/wuyou/99', gone))).toBe(404);
    expect(head('/wuyou/99', gone)).toMatchObject({ title: `没有找到这个活动 - ${company}`, noindex: true });
    expect(routeOf('/wuyou/abc').route.status(context('/wuyou/abc'))).toBe(404);
    expect(head('/wuyou/abc')).toMatchObject({ title: `活动链接不正确 - ${company}` });
  });
});
