import { spawnSync } from 'node:child_process';
import { API_PORT, GUARD_METRICS_PORT, REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { SAMPLE_ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { API, SHELL } from '../support/attacker';

/**
 * The servers as an attacker finds them: what listens where, who nginx's workers run as, the render server's health
 * off the site, and a page cache that made-up paths cannot fill.
 * The attacker suite: e2e/support/attacker.ts.
 */
test.use({ ignoreHTTPSErrors: true });

/** The addresses that listen on `port`, as `ss` reports them (`127.0.0.1`, `[::1]`, `*`, `0.0.0.0`, `[::]`). */
function listeningAddresses(port: number): string[] {
  const lines = spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  return lines.map((line) => (line.trim().split(/\s+/)[3] ?? '').replace(/:\d+$/, ''));
}

/** Every process holding a listening socket on `port`: its user and command line. */
function processesListeningOn(port: number): { user: string; command: string }[] {
  const pids = [...spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout.matchAll(/pid=(\d+)/g)].map((match) => match[1]);
  if (!pids.length) return [];
  const lines = spawnSync('ps', ['-o', 'user=,args=', '-p', pids.join(',')], { encoding: 'utf8' }).stdout.trim().split('\n');
  return lines.map((line) => {
    const [user = '', ...command] = line.trim().split(/\s+/);
    return { user, command: command.join(' ') };
  });
}

test.describe('the production form: nginx over TLS, the reference API in production mode', () => {
  test('the render server\'s health (its API, its builds) is not on the site: /healthz there is a page', async ({ nginxSite }) => {
    const answer = await request(`${nginxSite.shell}/healthz`, { ca: nginxSite.ca });
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).not.toContain('"cachedPages"');
  });

  test('nginx\'s workers, which read every request, are not root', async ({ nginxSite }) => {
    const workers = processesListeningOn(nginxSite.tlsPorts[0] ?? 0).filter((listener) => listener.command.includes('worker process'));
    expect(workers.length).toBeGreaterThan(0);
    for (const worker of workers) expect(worker.user).not.toBe('root');
  });
});

test.describe('npm start, the demo form', () => {
  const PORTS = [SHELL_PART.port, ...Object.values(REMOTE_PARTS).map((part) => part.port), RENDER_PORT, API_PORT, GUARD_METRICS_PORT];

  test('every server listens on loopback only, not on every interface of the laptop in the café', () => {
    for (const port of PORTS) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, String(port)).toBeGreaterThan(0);
      for (const address of addresses) expect(['127.0.0.1', '[::1]'], `${port} ${address}`).toContain(address);
    }
  });

  test('the render server\'s health is on its own port only: through the site /healthz is a page', async () => {
    const site = await request(`${SHELL}/healthz`);
    expect(site.headers['content-type']).toMatch(/^text\/html/);
    expect(site.body).not.toContain('"cachedPages"');
    const own = JSON.parse((await request(`http://127.0.0.1:${RENDER_PORT}/healthz`)).body) as { status: string; apiBaseUrl: string };
    expect(own).toMatchObject({ status: 'ok', apiBaseUrl: API });
  });

  test('the page cache: made-up activities take no place in it, and an activity is one page however its path is spelled', async () => {
    test.setTimeout(60_000);
    const cachedPages = async () => (JSON.parse((await request(`http://127.0.0.1:${RENDER_PORT}/healthz`)).body) as { cachedPages: number }).cachedPages;
    const before = await cachedPages();
    for (let id = 99_990; id < 99_995; id += 1) expect((await request(`${SHELL}/wuyou/${id}`)).status).toBe(404);
    expect(await cachedPages()).toBe(before);

    // A listed activity, its id spelled with escapes: the same page.
    const { id, title } = SAMPLE_ACTIVITY;
    const spelled = `/wuyou/${[...String(id)].map((digit) => `%3${digit}`).join('')}`;
    const retitle = (newTitle: string) =>
      request(`${API}/__dev/activities/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ title: newTitle }).toString(),
      });
    expect((await request(`${SHELL}${spelled}`)).body).toContain(title);
    try {
      await retitle('改过标题的活动');
      // The render server drops the page of an edited activity at its next look (every 5 s): under either spelling.
      await expect.poll(async () => (await request(`${SHELL}${spelled}`)).body, { timeout: 20_000, intervals: [1_000] }).toContain('改过标题的活动');
    } finally {
      await retitle(title);
    }
  });
});
