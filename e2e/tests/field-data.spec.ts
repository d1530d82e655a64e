import type { Page } from '@playwright/test';
import { API_PATHS, API_PORT, REMOTE_PARTS, routeOf, VERSION_FILE, type Envelope, type FieldBatch, type FieldSummary } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { deployShellCopy, waitForApp, watchErrors } from '../support/site';

const STATS_LOG = `http://localhost:${API_PORT}/stats${API_PATHS.statsLog}`;

const SENT_KEY = 'e2e:beacons';

/**
 * Records every beacon the page sends in its local storage (Playwright does not report a beacon sent while the
 * page unloads), still sending it. Read on a later page of the same origin.
 */
async function recordBeacons(page: Page): Promise<() => Promise<FieldBatch[]>> {
  await page.addInitScript((key) => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, body) => {
      const sent = JSON.parse(localStorage.getItem(key) ?? '[]') as { url: string; body: string }[];
      localStorage.setItem(key, JSON.stringify([...sent, { url: String(url), body: String(body) }]));
      return send(url, body);
    };
  }, SENT_KEY);
  return async () => {
    const sent = JSON.parse(await page.evaluate((key) => localStorage.getItem(key) ?? '[]', SENT_KEY)) as { url: string; body: string }[];
    return sent
      .filter((beacon) => beacon.url === STATS_LOG)
      .map((beacon) => JSON.parse(beacon.body) as Partial<FieldBatch>)
      .filter((batch): batch is FieldBatch => batch.type === 'fieldData');
  };
}

test('leaving a page sends one beacon holding its LCP, route and remote versions; the status page then shows the route', async ({
  page,
  request,
}) => {
  const beacons = await recordBeacons(page);
  // A sampled view reads each remote's version once the page is live: leaving before the reads end sends them
  // unknown (未知), as a visitor who leaves at once would.
  const versionRead = (port: number) => page.waitForResponse((response) => response.url() === `http://localhost:${port}/${VERSION_FILE}`).then((response) => response.finished());
  const versionsRead = Promise.all([versionRead(REMOTE_PARTS.header.port), versionRead(REMOTE_PARTS.about.port)]);
  await page.goto('/about/3');
  await waitForApp(page);
  await versionsRead;
  // Leaving: the page is hidden, then unloaded. The next page (same origin) reads what was sent.
  await page.goto('/robots.txt');
  const sent = await beacons();
  expect(sent).toHaveLength(1);

  const [beacon] = sent;
  const route = routeOf('/about/3').route.path;
  expect(beacon?.view.route).toBe(route);
  expect(Object.keys(beacon?.view.versions ?? {}).sort()).toEqual(['about', 'header'].sort());
  expect(beacon?.view.versions.about).toMatch(/^\d+\.\d+\.\d+/);
  const lcp = beacon?.events.find((event) => event.kind === 'metric' && event.name === 'LCP');
  expect(lcp).toEqual({ kind: 'metric', name: 'LCP', value: expect.any(Number) });
  expect(beacon?.events).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'slot', remote: 'about', outcome: 'loaded', version: beacon?.view.versions.about })]),
  );
  // The reference API kept it: the view is in the summary it answers.
  const summary = (await (await request.get(`http://localhost:${API_PORT}/stats${API_PATHS.fieldSummary}?days=1`)).json()) as Envelope<FieldSummary>;
  expect(summary.data.byRoute.find((row) => row.route === route)?.p75.LCP).toEqual(expect.any(Number));

  const errors = watchErrors(page);
  await page.goto('/status.html');
  const field = page.locator('section').filter({ has: page.getByRole('heading', { name: '现场数据', exact: true }) });
  const row = field.locator('table').first().locator('tr', { has: page.getByRole('cell', { name: route, exact: true }) });
  await expect(row).toContainText(/\d+ ms/);
  await expect(field.locator('figure')).toHaveCount(2);
  expect(errors).toEqual([]);
});

/** The shell's field data chunk (named in bootstrap.tsx), with web-vitals in it. */
const FIELD_DATA_CHUNK = /\/field-data\.[0-9a-f]{8}\.js$/;

test('sampling 0 sends no beacon at all, and loads no field data code', async ({ page, hosts }) => {
  const shell = await hosts.serve(deployShellCopy('shell-unsampled', (config) => (config.fieldData = { sampleRate: 0 })));
  const beacons = await recordBeacons(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${shell.origin}/about/3`);
  await waitForApp(page);
  await page.goto(`${shell.origin}/robots.txt`);
  expect(await beacons()).toEqual([]);
  expect(requests.filter((url) => FIELD_DATA_CHUNK.test(url))).toEqual([]);
  // The same page sampled (the site's default rate, 1) does load it: the check above can fail.
  await page.goto('/about/3');
  await waitForApp(page);
  expect(requests.filter((url) => FIELD_DATA_CHUNK.test(url))).toHaveLength(1);
});
