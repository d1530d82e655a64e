import type { BrowserContext, Request } from '@playwright/test';
import { API_PATHS } from '../../shared/src/api/endpoints';
import type { FieldBatch } from '../../shared/src/api/fieldData';
import { API_PORT } from '../../shared/src/config/parts';
import { routeOf } from '../../shared/src/routing/manifest';
import { expect, test } from '../support/fixtures';
import { deployShellCopy, waitForApp, watchErrors } from '../support/site';

const STATS_LOG = `http://localhost:${API_PORT}/stats${API_PATHS.statsLog}`;

/** The field data beacons this context sends, from every page, parsed. */
function fieldBeacons(context: BrowserContext): FieldBatch[] {
  const batches: FieldBatch[] = [];
  context.on('request', (request: Request) => {
    if (request.url() !== STATS_LOG) return;
    const body = JSON.parse(request.postData() ?? '{}') as Partial<FieldBatch>;
    if (body.type === 'fieldData') batches.push(body as FieldBatch);
  });
  return batches;
}

test('leaving a page sends one beacon holding its LCP, route and remote versions; the status page then shows the route', async ({
  context,
  page,
}) => {
  const beacons = fieldBeacons(context);
  await page.goto('/about/3');
  await waitForApp(page);
  await page.goto('about:blank');
  await expect.poll(() => beacons.length).toBe(1);

  const [beacon] = beacons;
  const route = routeOf('/about/3').path;
  expect(beacon?.view.route).toBe(route);
  expect(Object.keys(beacon?.view.versions ?? {}).sort()).toEqual(['about', 'header'].sort());
  expect(beacon?.view.versions.about).toMatch(/^\d+\.\d+\.\d+/);
  const lcp = beacon?.events.find((event) => event.kind === 'metric' && event.name === 'LCP');
  expect(lcp).toEqual({ kind: 'metric', name: 'LCP', value: expect.any(Number) });
  expect(beacon?.events).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'slot', remote: 'about', outcome: 'loaded', version: beacon?.view.versions.about })]),
  );
  // Hidden once more (the blank page closing) sends nothing new: one beacon per view.
  await page.waitForTimeout(500);
  expect(beacons).toHaveLength(1);

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

test('sampling 0 sends no beacon at all, and loads no field data code', async ({ context, page, hosts }) => {
  const shell = await hosts.serve(deployShellCopy('shell-unsampled', (config) => (config.fieldData = { sampleRate: 0 })));
  const beacons = fieldBeacons(context);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await page.goto(`${shell.origin}/about/3`);
  await waitForApp(page);
  await page.goto('about:blank');
  await page.waitForTimeout(1_000);
  expect(beacons).toEqual([]);
  expect(requests.filter((url) => url.startsWith(STATS_LOG))).toEqual([]);
  expect(requests.filter((url) => FIELD_DATA_CHUNK.test(url))).toEqual([]);
  // The same page sampled (the site's default rate, 1) does load it: the check above can fail.
  await page.goto('/about/3');
  await waitForApp(page);
  expect(requests.filter((url) => FIELD_DATA_CHUNK.test(url))).toHaveLength(1);
});
