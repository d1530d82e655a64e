import { API_PATHS, SUCCESS_CODE, type Activity, type ActivityList } from '@wenrun/shared/node';
import { expectRefusal, getJson, manualClock, postForm, send, startServer, type TestServer } from '../test/harness';
import { DEFAULT_ALLOWED_ORIGINS } from '../server';
import { CROSS_SITE_MESSAGE } from '../security/siteOrigin';
import { CONTENT_MESSAGES } from './content';

const DRAFT = {
  title: '今天发布的活动',
  subtitle: '当天发布，当天分享',
  startTime: '2027-06-01 09:00',
  endTime: '2027-06-01 17:00',
  place: '青禾市文润教师发展中心',
  content: '第一段 <b>不是标签</b>\n\n第二段',
};

describe('dev-only activity publishing', () => {
  let server: TestServer;
  const clock = manualClock();
  const at = (path: string) => `${server.url}${path}`;
  const listed = async () => ((await postForm<ActivityList>(at(API_PATHS.activityPage), { size: '100' })).body?.data as ActivityList).list;
  const activity = (id: number) => postForm<Activity>(at(API_PATHS.activityPage), { id: String(id) });

  beforeAll(async () => {
    server = await startServer({ now: clock.now });
  });
  afterAll(() => server.close());

  it('publishes an activity: listed, answerable by id, its text as text, with a cover', async () => {
    const reply = await postForm<{ id: number }>(at('/__dev/activities'), DRAFT);
    expect(reply.body?.header.code).toBe(SUCCESS_CODE);
    const id = reply.body?.data.id ?? 0;
    expect((await listed()).map((item) => item.id)).toContain(id);

    const shown = (await activity(id)).body?.data as Activity;
    expect(shown).toMatchObject({ id, title: DRAFT.title, startTime: DRAFT.startTime, cover: `/images/activities/${id}/cover.svg` });
    expect(shown.blocks).toEqual([{ type: 'text', title: '活动介绍', html: '<p>第一段 &#60;b&#62;不是标签&#60;/b&#62;</p><p>第二段</p>' }]);
    const cover = await send(at(shown.cover), { method: 'GET' });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('edits an activity and takes it offline and back, each time with a new updatedAt', async () => {
    const id = (await postForm<{ id: number }>(at('/__dev/activities'), DRAFT)).body?.data.id ?? 0;
    const stamp = async () => (await listed()).find((item) => item.id === id)?.updatedAt;
    const published = await stamp();

    clock.advance(60_000);
    expect((await send(at(`/__dev/activities/${id}`), { method: 'PUT', body: new URLSearchParams({ title: '改过的标题' }).toString(), contentType: 'application/x-www-form-urlencoded' })).body?.header.code).toBe(SUCCESS_CODE);
    expect((await activity(id)).body?.data).toMatchObject({ title: '改过的标题', place: DRAFT.place });
    const edited = await stamp();
    expect(edited).not.toBe(published);

    clock.advance(60_000);
    expect((await send(at(`/__dev/activities/${id}`), { method: 'DELETE' })).body?.header.code).toBe(SUCCESS_CODE);
    expect((await listed()).map((item) => item.id)).not.toContain(id);
    expectRefusal(await activity(id), CONTENT_MESSAGES.activityNotFound);

    clock.advance(60_000);
    expect((await postForm(at(`/__dev/activities/${id}/online`))).body?.header.code).toBe(SUCCESS_CODE);
    expect(await stamp()).not.toBe(edited);
  });

  it.each([
    [{ title: '' }, '请填写活动标题'],
    [{ title: '题'.repeat(61) }, '活动标题不能超过60个字'],
    [{ subtitle: '副'.repeat(101) }, '副标题不能超过100个字'],
    [{ startTime: '2027/06/01' }, '开始时间应为 YYYY-MM-DD HH:mm 格式'],
    [{ endTime: '2027-05-31 09:00' }, '结束时间不能早于开始时间'],
    [{ place: '' }, '请填写活动地点'],
    [{ content: '' }, '请填写活动介绍'],
    [{ content: '字'.repeat(2001) }, '活动介绍不能超过2000个字'],
  ])('refuses %p with a Chinese message', async (change, message) => {
    expectRefusal(await postForm(at('/__dev/activities'), { ...DRAFT, ...change }), message);
  });

  it('answers unknown ids with the not-found envelope', async () => {
    for (const [method, path] of [['DELETE', '/__dev/activities/99999'], ['PUT', '/__dev/activities/abc'], ['POST', '/__dev/activities/0/online']]) {
      expectRefusal(await send(at(path ?? ''), { method }), CONTENT_MESSAGES.activityNotFound);
    }
  });

  // A page on any site the developer opens can post to their npm start: a plain form needs no CORS permission.
  it('writes only for the site\'s own pages or for no page at all (curl, the tests), never for another site\'s page', async () => {
    const fromPage = (headers: Record<string, string>, method = 'POST', path = '/__dev/activities') =>
      send<{ id: number }>(at(path), { method, headers, body: new URLSearchParams(DRAFT).toString(), contentType: 'application/x-www-form-urlencoded' });
    const before = (await listed()).length;
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'null' }, { Origin: 'http://localhost:8080' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of foreign) {
      const refused = await fromPage(headers);
      expect([JSON.stringify(headers), refused.body?.header]).toEqual([JSON.stringify(headers), { code: '403', codeMsg: CROSS_SITE_MESSAGE }]);
    }
    expect((await listed()).length).toBe(before);
    const own = await fromPage({ Origin: DEFAULT_ALLOWED_ORIGINS[0] ?? '', 'Sec-Fetch-Site': 'same-site' });
    expect(own.body?.header.code).toBe(SUCCESS_CODE);
    const id = own.body?.data.id ?? 0;
    expectRefusal(await fromPage({ Origin: 'https://evil.example' }, 'DELETE', `/__dev/activities/${id}`), CROSS_SITE_MESSAGE);
    expectRefusal(await fromPage({ 'Sec-Fetch-Site': 'cross-site' }, 'PUT', `/__dev/activities/${id}`), CROSS_SITE_MESSAGE);
    expect((await listed()).map((item) => item.id)).toContain(id);
    // Reads change nothing and their answers stay with the site's pages (CORS): a link from anywhere still works.
    expect((await send(at('/__dev/stats'), { method: 'GET', headers: { Origin: 'https://evil.example' } })).body?.header.code).toBe(SUCCESS_CODE);
  });

  it('does not exist when dev endpoints are off', async () => {
    const production = await startServer({ devEndpoints: false });
    try {
      const reply = await postForm(`${production.url}/__dev/activities`, DRAFT);
      expect(reply.body?.header.code).not.toBe(SUCCESS_CODE);
      expect((await getJson(`${production.url}/__dev/stats`)).body?.header.code).not.toBe(SUCCESS_CODE);
    } finally {
      await production.close();
    }
  });
});
