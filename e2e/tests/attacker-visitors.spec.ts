import { spawnSync } from 'node:child_process';
import { API_PATHS, type Envelope } from '@wenrun/shared/node';
import { RENDER_USER } from '@wenrun/deploy/ops/nginx/accounts';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { unusedMobile } from '../support/login-modal';

/**
 * Visitors are not addresses (issue 50): many visitors behind one address (a school, a carrier's NAT) all get the
 * site, one client flooding it is still slowed, and no process of the machine can say it is another visitor. Against
 * the `nginxSite` fixture (the production form over TLS, the API's limits as in production).
 */
test.use({ ignoreHTTPSErrors: true });

/** The pages a visitor of a shared link opens: the cached pages and one rendered for each request (a search). */
const PAGES = ['/', '/about/3', '/wuyou/1', `/search/${encodeURIComponent('课程')}`];

/** The `name=value` of the visitor key nginx gives, to send back as a browser would; none when it gave none. */
function cookieOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const set = [headers['set-cookie'] ?? []].flat();
  return set.map((line) => line.split(';')[0] ?? '').find(Boolean);
}

test.describe('the production form, many visitors behind one address', () => {
  test('60 visitors behind 127.0.0.77 opening the home page, an about page, an activity and a search within two seconds: every one gets every page', async ({ nginxSite }) => {
    test.setTimeout(120_000);
    // The pages kept by nginx already, as for a link shared in a group an hour ago (the tests' own client is not limited).
    for (const page of PAGES) expect((await request(`${nginxSite.shell}${page}`, { ca: nginxSite.ca })).status).toBe(200);

    const statuses: string[] = [];
    const visitor = async (index: number) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 2000) / 60));
      let cookie: string | undefined;
      for (const page of PAGES) {
        const answer = await request(`${nginxSite.shell}${page}`, { ca: nginxSite.ca, localAddress: '127.0.0.77', headers: cookie ? { Cookie: cookie } : {} });
        cookie ??= cookieOf(answer.headers);
        statuses.push(`${page} ${answer.status}`);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 60 }, (_, index) => visitor(index)));
    test.info().annotations.push({ type: 'visitors', description: `60 位访客 × ${PAGES.length} 页，${((Date.now() - started) / 1000).toFixed(1)} 秒` });
    const refused = statuses.filter((line) => !line.endsWith(' 200'));
    expect(refused, `${refused.length} of ${statuses.length} refused`).toEqual([]);
  });

  test('one client that floods search pages with its visitor key is slowed to its own budget; another visitor behind the same address is still served', async ({ nginxSite }) => {
    test.setTimeout(120_000);
    const first = await request(`${nginxSite.shell}/`, { ca: nginxSite.ca, localAddress: '127.0.0.78' });
    const cookie = cookieOf(first.headers);
    expect(cookie, 'nginx gives a first-time visitor its key').toBeDefined();
    const statuses = new Map<number, number>();
    const started = Date.now();
    const paths = Array.from({ length: 200 }, (_, index) => `/search/flood-${index}-${started}`);
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let next = paths.shift(); next !== undefined; next = paths.shift()) {
          const { status } = await request(`${nginxSite.shell}${next}`, { ca: nginxSite.ca, localAddress: '127.0.0.78', headers: { Cookie: cookie ?? '' } });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: 'flood', description: `200 页用了 ${seconds.toFixed(1)} 秒：${JSON.stringify(Object.fromEntries(statuses))}` });
    // Its budget: a burst, then a few pages a second; the rest refused.
    expect(statuses.get(200) ?? 0).toBeLessThan(40 + 10 * seconds);
    expect(statuses.get(429) ?? 0).toBeGreaterThan(100);
    // Another visitor behind the same address, with a key of its own, gets its search page.
    const neighbour = cookieOf((await request(`${nginxSite.shell}/about/3`, { ca: nginxSite.ca, localAddress: '127.0.0.78' })).headers);
    const page = await request(`${nginxSite.shell}/search/${encodeURIComponent('课程')}`, { ca: nginxSite.ca, localAddress: '127.0.0.78', headers: { Cookie: neighbour ?? '' } });
    expect(page.status).toBe(200);
  });
});

test.describe('the production form: who may say who the visitor is', () => {
  test('the render servers\' user, sending X-Forwarded-For to the API on loopback, is not believed: its codes count against its own address', async ({ nginxSite }) => {
    const send = (claimed: string) => {
      const curl = spawnSync(
        'runuser',
        ['-u', RENDER_USER, '--', 'curl', '-s', '--max-time', '10', `http://127.0.0.1:${nginxSite.apiUpstreamPort}${API_PATHS.sendCode}`,
          '-H', `Origin: ${nginxSite.shell}`, '-H', `X-Forwarded-For: ${claimed}`, '-H', `X-Real-IP: ${claimed}`,
          '--data-urlencode', `mobile=${unusedMobile()}`],
        { encoding: 'utf8' },
      );
      return (JSON.parse(curl.stdout) as Envelope<unknown>).header;
    };
    // Ten codes claiming one visitor's address, then one claiming another's: the same sender, the same budget.
    for (let i = 0; i < 10; i += 1) send('198.51.100.200');
    expect(send('198.51.100.201').codeMsg).toMatch(/^获取验证码次数过多/);
    expect(send('198.51.100.202').codeMsg).toMatch(/^获取验证码次数过多/);
  });
});
