import type { APIRequestContext } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  API_PORT,
  APP_PAGE,
  PAGE_DATA_KEYS,
  RENDER_PORT,
  type Envelope,
  type PageState,
  type SearchResult,
} from '@wenrun/shared/node';
import { buildRenderServer } from '@wenrun/render-server/server/app';
import { startPartServer } from '@wenrun/deploy/serve/partServer';
import { E2E_PORTS, SITE_ORIGIN } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { deployShellCopy, waitForApp, watchErrors } from '../support/site';

const API = `http://localhost:${API_PORT}`;

/** Publishes an activity in the reference API (a dev-only endpoint), as marketing would in the real backend. */
async function publish(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.post(`${API}/__dev/activities`, {
    form: { title, subtitle: '今天发布', startTime: '2027-07-01 09:00', endTime: '2027-07-01 17:00', place: '文润教师发展中心', content: '今天发布，今天分享。' },
  });
  return ((await response.json()) as Envelope<{ id: number }>).data.id;
}

test('an activity published in the backend has its own page within seconds, with no deploy; taken offline, 404', async ({ request }) => {
  test.setTimeout(90_000);
  const title = `新发布的研修活动（${Date.now()}）`;
  const id = await publish(request, title);
  const path = `/wuyou/${id}`;
  await expect
    .poll(async () => (await (await request.get(path)).text()).includes(`<title>${title} - `), { timeout: 5_000 })
    .toBe(true);
  const html = await (await request.get(path)).text();
  expect(html).toContain(`<meta property="og:image" content="${SITE_ORIGIN}${path}/cover.png">`);
  const event = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? '{}') as { '@type': string; name?: string })
    .find((data) => data['@type'] === 'Event');
  expect(event?.name).toBe(title);
  const picture = await request.get(`${path}/cover.png`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');

  await request.delete(`${API}/__dev/activities/${id}`);
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 60_000, intervals: [1_000] }).toBe(404);
  expect(await (await request.get(path)).text()).toContain('没有找到这个活动');
});

/** The first course the API finds for `keyword`, and the search page's address. */
async function firstCourse(request: APIRequestContext, keyword: string): Promise<{ first: string; path: string }> {
  const answer = (await (
    await request.post(`${API}${API_PATHS.search}`, { form: { keyword, page: '1', pageSize: '10', scope: 'all' } })
  ).json()) as Envelope<SearchResult>;
  const first = answer.data.courses.list[0]?.title ?? '';
  expect(first).not.toBe('');
  return { first, path: `/search/${encodeURIComponent(keyword)}` };
}

test('/search/课程 arrives with the first course the API finds and hydrates without an error; results page on the server-rendered page', async ({ page, request }) => {
  const { first, path } = await firstCourse(request, '课程');
  const response = await request.get(path);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(await response.text()).toContain(first);
  const errors = watchErrors(page);
  await page.goto(path);
  await waitForApp(page);
  const courses = page.getByRole('region', { name: /课程/ });
  await expect(courses.getByRole('heading', { level: 3 }).first()).toHaveText(first);

  // The demo content has one page of courses for 课程 and several for 教: paging is shown on the latter.
  const many = await firstCourse(request, '教');
  await page.goto(many.path);
  await waitForApp(page);
  await expect(courses.getByRole('heading', { level: 3 }).first()).toHaveText(many.first);
  const pager = courses.getByRole('navigation', { name: '课程分页' });
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(pager).toContainText('第 2 /');
  await expect(courses.getByRole('heading', { level: 3 }).first()).not.toHaveText(many.first);
  expect(errors).toEqual([]);
});

test('pages rendered at the same moment carry only their own data: nothing of one render reaches another', async ({ request }) => {
  const renderServer = `http://localhost:${RENDER_PORT}`;
  // Search pages are rendered for every request; activity pages once, then from the cache: both kinds at once.
  const keywords = ['教', '课程', '心理', '校长', '信息'];
  const paths = [...keywords.map((keyword) => `/search/${encodeURIComponent(keyword)}`), '/wuyou/1', '/wuyou/2'];
  const pages = await Promise.all([...paths, ...paths].map(async (path) => ({ path, html: await (await request.get(`${renderServer}${path}`)).text() })));
  for (const { path, html } of pages) {
    const state = JSON.parse(/<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as PageState;
    const ownKey = path.startsWith('/search/')
      ? PAGE_DATA_KEYS.search(decodeURIComponent(path.slice('/search/'.length)))
      : PAGE_DATA_KEYS.activity(path.slice('/wuyou/'.length));
    expect(Object.keys(state.data), path).toEqual([ownKey]);
  }
});

test('a path whose escapes do not decode is the page of the path as written, with one warning, not one per reading', async () => {
  // In this process, so that what the shell's server build writes to the console is seen here.
  const dir = deployShellCopy('shell-undecodable-paths', () => undefined);
  const renderServer = await buildRenderServer({ shellDir: dir, siteUrl: SITE_ORIGIN, dataTimeoutMs: 3_000, renderTimeoutMs: 5_000, checkIntervalMs: 60_000 });
  const paths = [
    ['/search/100%', 200, '“100%”'],
    ['/search/%E4%AD', 200, '“%E4%AD”'],
    ['/about/%E4%A3', 200, 'data-section="3"'],
    ['/wuyou/%E4%AD', 404, '活动链接不正确'],
    ['/no/%ZZ', 200, 'rel="canonical" href="http://localhost:3000/"'],
  ] as const;
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    for (const [path, status, text] of paths) {
      const response = await renderServer.inject({ url: path });
      expect(response.statusCode, path).toBe(status);
      expect(response.body, path).toContain(text);
    }
  } finally {
    console.warn = warn;
    await renderServer.close();
  }
  // React Router's own routes read the path as the visitor has it, and say once that it does not decode; every other
  // reading of it (the cache key, the head, the status, the layout) goes through decodablePath: 11 lines a request
  // before it did.
  expect(warnings).toEqual(paths.map(([path]) => expect.stringContaining(`"${path}" could not be decoded`)));
});

test.describe('with the API down', () => {
  let shellOrigin = '';

  test.beforeAll(async ({ workerHosts }) => {
    // The site as deployed, with an API that refuses every connection: a render server, and the shell in front of it.
    const dir = deployShellCopy('shell-api-down', (config) => {
      config.apiBaseUrl = `http://localhost:${E2E_PORTS.closed}`;
    });
    let renderServer: FastifyInstance | undefined;
    const render = await workerHosts.listen(
      async (port) => {
        renderServer = await buildRenderServer({ shellDir: dir, siteUrl: SITE_ORIGIN, dataTimeoutMs: 3_000, renderTimeoutMs: 5_000, checkIntervalMs: 60_000 });
        await renderServer.listen({ port, host: '127.0.0.1' });
        return renderServer.server;
      },
      async () => renderServer?.close(),
    );
    shellOrigin = (
      await workerHosts.listen((port) =>
        startPartServer({ root: dir, port, spa: APP_PAGE, renderServer: { origin: `http://127.0.0.1:${render.port}`, timeoutMs: 6_000 } }),
      )
    ).origin;
  });

  for (const path of ['/wuyou/1', `/search/${encodeURIComponent('课程')}`]) {
    test(`${decodeURIComponent(path)} is the client-rendered site, 200, saying in Chinese what is wrong`, async ({ page }) => {
      const response = await page.goto(`${shellOrigin}${path}`);
      expect(response?.status()).toBe(200);
      expect(await response?.text()).not.toContain('id="page-state"');
      await waitForApp(page);
      await expect(page.getByRole('alert').first()).toContainText('后端接口连接异常，请检查网络');
    });
  }
});
