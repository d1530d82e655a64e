import {
  API_PATHS,
  DEFAULT_RUNTIME_CONFIG,
  SERVICE_IMAGE_WIDTH,
  SUCCESS_CODE,
  type Activity,
  type ActivityList,
  type CourseList,
  type HomeContent,
} from '@wenrun/shared/node';
import { CATEGORIES } from '../seed/courses';
import { ACTIVITIES, XSS_TEST_ACTIVITY_ID } from '../seed/activities';
import { expectRefusal, postForm, postJson, send, startServer, type TestServer } from '../test/harness';
import { CONTENT_MESSAGES } from './content';

describe('content calls', () => {
  let server: TestServer;
  const at = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('websiteIntegrateApi1.0 (no payload) returns the home content', async () => {
    const reply = await send<HomeContent>(at(API_PATHS.integrate));
    expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    const home = reply.body?.data as HomeContent;
    expect(home.banners).toHaveLength(3);
    expect(home.courses).toHaveLength(8);
    expect(home.experts).toHaveLength(6);
    expect(home.news).toHaveLength(5);
    expect(home.partners.length).toBeGreaterThanOrEqual(8);
    expect(home.banners[0]).toEqual({
      id: 1,
      title: expect.any(String),
      subtitle: expect.any(String),
      image: '/images/banners/1.svg',
      link: expect.stringMatching(/^\//),
    });
    expect(Object.keys(home.experts[0] ?? {}).sort()).toEqual(
      ['avatar', 'field', 'id', 'intro', 'name', 'organization', 'title'].sort(),
    );
    expect(home.news.map((item) => item.date)).toEqual([...home.news.map((item) => item.date)].sort().reverse());
    // The same reply with an empty form body, as the site's client sends it.
    expect((await postForm<HomeContent>(at(API_PATHS.integrate))).body?.data).toEqual(home);
  });

  describe('getWenRunCourseList1.0', () => {
    it('pages all courses and lists the categories', async () => {
      const reply = await postForm<CourseList>(at(API_PATHS.courseList), { page: 2, pageSize: 12 });
      const data = reply.body?.data as CourseList;
      expect(data.total).toBeGreaterThanOrEqual(40);
      expect(data).toMatchObject({ page: 2, pageSize: 12, categories: [...CATEGORIES] });
      expect(data.list).toHaveLength(12);
      expect(data.list[0]?.id).toBe(13);
    });

    it('defaults to page 1 of 10 and filters by category', async () => {
      const data = (await postForm<CourseList>(at(API_PATHS.courseList), { category: '心理健康' })).body?.data;
      expect(data).toMatchObject({ page: 1, pageSize: 10, total: 7 });
      expect(data?.list.every((course) => course.category === '心理健康')).toBe(true);
    });

    it('answers an unknown category with an empty list', async () => {
      const data = (await postJson<CourseList>(at(API_PATHS.courseList), { category: '烹饪' })).body?.data;
      expect(data).toMatchObject({ list: [], total: 0, categories: [...CATEGORIES] });
    });

    it('refuses bad paging and a non-string category', async () => {
      expectRefusal(await postForm(at(API_PATHS.courseList), { pageSize: 100 }), CONTENT_MESSAGES.badPageSize);
      expectRefusal(await postForm(at(API_PATHS.courseList), { category: ['a', 'b'] }), CONTENT_MESSAGES.badCategory);
    });
  });

  describe('activityPageList1.0', () => {
    it.each([1, 2, 3, 4, 5])('returns activity %i with title, times, place, body blocks and sign-up', async (id) => {
      const reply = await postForm<Activity>(at(API_PATHS.activityPage), { id: String(id) });
      expect(reply.body?.header.code).toBe(SUCCESS_CODE);
      const activity = reply.body?.data as Activity;
      expect(activity).toMatchObject({
        id,
        title: expect.any(String),
        startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        endTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        cover: `/images/activities/${id}/cover.svg`,
        signUp: { deadline: expect.any(String), contact: expect.any(String), phone: DEFAULT_RUNTIME_CONFIG.contact.hotline, note: expect.any(String) },
      });
      expect(activity.blocks.length).toBeGreaterThanOrEqual(2);
      expect(activity.blocks.some((block) => block.type === 'text')).toBe(true);
      expect(activity.blocks.some((block) => block.type === 'list')).toBe(true);
    });

    it('uses every block type across the demo activities, and every image exists', async () => {
      const types = new Set<string>();
      for (const id of [1, 2, 3, 4, 5]) {
        const activity = (await postForm<Activity>(at(API_PATHS.activityPage), { id: String(id) })).body?.data as Activity;
        for (const block of activity.blocks) {
          types.add(block.type);
          if (block.type === 'image') {
            expect((await send(at(block.src), { method: 'GET' })).status).toBe(200);
            expect(block).toMatchObject({ alt: expect.any(String), width: 800, height: 450 });
          }
        }
        expect((await send(at(activity.cover), { method: 'GET' })).status).toBe(200);
      }
      expect([...types].sort()).toEqual(['image', 'list', 'text']);
    });

    it('serves the XSS test activity with its payloads untouched (the site must neutralise them)', async () => {
      const activity = (await postJson<Activity>(at(API_PATHS.activityPage), { id: XSS_TEST_ACTIVITY_ID })).body?.data;
      expect(activity?.title).toBe('安全测试活动');
      const html = activity?.blocks.find((block) => block.type === 'text');
      expect(html).toMatchObject({ type: 'text' });
      const text = html?.type === 'text' ? html.html : '';
      expect(text).toContain('<script>window.__pwned=1</script>');
      expect(text).toContain('<img src=x onerror="window.__pwned=1">');
      expect(text).toContain('<a href="javascript:window.__pwned=1">');
    });

    it.each([
      ['an unknown id', { id: '999' }],
      ['an offline activity', { id: '7' }],
      ['a non-numeric id', { id: 'abc' }],
      ['an injection attempt', { id: '1 OR 1=1' }],
      ['id 0', { id: '0' }],
      ['a negative id', { id: '-1' }],
      ['a huge id', { id: '99999999999999999999' }],
      ['an array id', { id: ['1', '2'] }],
    ])('answers %s with 活动不存在或已下线', async (_name, fields) => {
      expectRefusal(await postForm(at(API_PATHS.activityPage), fields), CONTENT_MESSAGES.activityNotFound);
    });

    it('refuses a JSON number that is not a positive integer', async () => {
      expectRefusal(await postJson(at(API_PATHS.activityPage), { id: 1.5 }), CONTENT_MESSAGES.activityNotFound);
      expectRefusal(await postJson(at(API_PATHS.activityPage), { id: null }), CONTENT_MESSAGES.activityNotFound);
    });

    it('without an id lists the activities that are online, a page at a time, with when each last changed', async () => {
      const online = ACTIVITIES.filter((activity) => activity.online).map((activity) => activity.id);
      const all = (await postForm<ActivityList>(at(API_PATHS.activityPage))).body?.data as ActivityList;
      expect(all).toMatchObject({ total: online.length, page: 1, size: 20 });
      expect(all.list.map((activity) => activity.id)).toEqual(online);
      expect(Object.keys(all.list[0] ?? {}).sort()).toEqual(['cover', 'endTime', 'id', 'startTime', 'title', 'updatedAt']);
      expect(Number.isNaN(Date.parse(all.list[0]?.updatedAt ?? ''))).toBe(false);

      const second = (await postJson<ActivityList>(at(API_PATHS.activityPage), { page: 2, size: 2 })).body?.data as ActivityList;
      expect(second.list.map((activity) => activity.id)).toEqual(online.slice(2, 4));
      expect(second.total).toBe(online.length);
    });

    it.each([
      [{ page: '0' }, '页码应为1到1000之间的整数'],
      [{ size: '101' }, '每页条数应为1到100之间的整数'],
      [{ size: 'abc' }, '每页条数应为1到100之间的整数'],
    ])('refuses the list payload %p', async (fields, message) => {
      expectRefusal(await postForm(at(API_PATHS.activityPage), fields), message);
    });
  });

  describe('images and pages', () => {
    it.each([
      '/images/service.svg',
      '/images/consult.svg',
      '/images/courses/1.svg',
      '/images/courses/42.svg',
      '/images/experts/15.svg',
      '/images/avatars/1.svg',
      '/images/banners/3.svg',
      '/images/accounts/cloud.svg',
    ])('serves %s as SVG cached for a day', async (path) => {
      const reply = await send(at(path), { method: 'GET' });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(reply.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(reply.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(reply.text).not.toMatch(/<script|on\w+=/i);
    });

    it('draws the customer-service image 410 px wide with the hotline', async () => {
      const { text } = await send(at('/images/service.svg'), { method: 'GET' });
      expect(text).toContain(`width="${SERVICE_IMAGE_WIDTH}"`);
      expect(text).toContain(DEFAULT_RUNTIME_CONFIG.contact.hotline);
    });

    it('draws every course cover with its category', async () => {
      const { body } = await postForm<CourseList>(at(API_PATHS.courseList), { pageSize: 50 });
      for (const course of body?.data.list ?? []) {
        const { status, text } = await send(at(course.cover), { method: 'GET' });
        expect(status).toBe(200);
        expect(text).toContain(`>${course.category}<`);
      }
    });

    it('answers unknown images with a 404 envelope, including path tricks', async () => {
      for (const path of ['/images/nope.svg', '/images/../package.json', '/images/%2e%2e/migrations/001_init.sql', '/images/']) {
        const reply = await send(at(path), { method: 'GET' });
        expect(reply.status).toBe(404);
        expect(reply.body?.header.code).toBe('404');
      }
    });

    it('serves the training-system page and the three official-account pages in Chinese', async () => {
      const training = await send(at('/training-system/'), { method: 'GET' });
      expect(training.status).toBe(200);
      expect(training.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(training.text).toContain('文润研训系统（演示）');
      for (const account of DEFAULT_RUNTIME_CONFIG.officialAccounts) {
        const page = await send(account.url.replace(/^http:\/\/localhost:\d+/, server.url), { method: 'GET' });
        expect(page.status).toBe(200);
        expect(page.text).toContain(account.name);
      }
      expect((await send(at('/accounts/unknown'), { method: 'GET' })).status).toBe(404);
    });
  });

  it('GET /healthz reports the server and the database', async () => {
    const reply = await send<never>(at('/healthz'), { method: 'GET' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ status: 'ok', db: 'ok', uptime: expect.any(Number) });
  });
});
