import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import { API_PATHS, type Envelope } from '@wenrun/shared/node';
import { expect, PLANTED_PGPASSWORD, test } from '../support/fixtures';
import { rawTlsAnswer, request } from '../support/https';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';

/**
 * The production form attacked by one client with curl (issue 41): a flood of pages rendered per request, a Host
 * header of the attacker's, and what the remotes' code could read from the render server it runs in. Against the
 * `nginxSite` fixture with the API's limits as in production (no override).
 */
test.use({ ignoreHTTPSErrors: true });

interface Row {
  pid: number;
  ppid: number;
  user: string;
  args: string;
}

function processes(): Row[] {
  const lines = spawnSync('ps', ['-eo', 'pid=,ppid=,user:32=,args='], { encoding: 'utf8' }).stdout.trim().split('\n');
  return lines.map((line) => {
    const [pid = '', ppid = '', user = '', ...args] = line.trim().split(/\s+/);
    return { pid: Number(pid), ppid: Number(ppid), user, args: args.join(' ') };
  });
}

/** The process listening on `port`. */
function listenerOf(port: number): number {
  const found = /pid=(\d+)/.exec(spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout);
  if (!found) throw new Error(`端口 ${port} 上没有进程`);
  return Number(found[1]);
}

/** start.ts (the supervisor and nginx's parent) and every process under it: the production form. */
function formProcesses(site: NginxSite): { supervisor: Row; children: Row[] } {
  const all = processes();
  const api = all.find((row) => row.pid === listenerOf(site.apiUpstreamPort));
  const supervisor = all.find((row) => row.pid === api?.ppid);
  if (!supervisor) throw new Error('找不到生产形态的监督进程');
  const children: Row[] = [];
  const below = (pid: number) =>
    all.filter((row) => row.ppid === pid).forEach((row) => {
      children.push(row);
      below(row.pid);
    });
  below(supervisor.pid);
  return { supervisor, children };
}

/** A variable of a process's environment (read as root, as the test runs). */
function environOf(pid: number): Map<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

test.describe('the production form, one client against everyone else', () => {
  test('800 search pages from one client in a few seconds: that client gets the site\'s 429, another visitor\'s search page is still rendered on the server', async ({ nginxSite }) => {
    test.setTimeout(120_000);
    // What the other visitor will search for, and the first course the API finds for it.
    const found = await request(`${nginxSite.api}${API_PATHS.search}`, {
      method: 'POST',
      ca: nginxSite.ca,
      localAddress: '127.0.0.33',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: nginxSite.shell },
      body: new URLSearchParams({ keyword: '课程', page: '1', pageSize: '10', scope: 'all' }).toString(),
    });
    const first = (JSON.parse(found.body) as Envelope<{ courses: { list: { title: string }[] } }>).data.courses.list[0]?.title ?? '';
    expect(first).not.toBe('');

    // One client, 800 distinct search pages, 40 at a time on kept-alive connections.
    const agent = new https.Agent({ keepAlive: true, maxSockets: 40, ca: nginxSite.ca, localAddress: '127.0.0.31' });
    const statuses = new Map<number, number>();
    let tooMany: { body: string; retryAfter: string | undefined } | undefined;
    const get = (path: string) =>
      new Promise<void>((resolve, reject) => {
        https
          .get(`${nginxSite.shell}${path}`, { agent }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (status === 429) tooMany ??= { body: Buffer.concat(chunks).toString('utf8'), retryAfter: response.headers['retry-after'] };
              resolve();
            });
          })
          .on('error', reject);
      });
    const started = Date.now();
    const paths = Array.from({ length: 800 }, (_, index) => `/search/k${index}-${started}`);
    await Promise.all(Array.from({ length: 40 }, async () => {
      for (let next = paths.shift(); next !== undefined; next = paths.shift()) await get(next);
    }));
    agent.destroy();
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: 'flood', description: `800 页用了 ${seconds.toFixed(1)} 秒：${JSON.stringify(Object.fromEntries(statuses))}` });

    // Another visitor, right after: the page rendered on the server, with the results in it, not the client page.
    const page = await request(`${nginxSite.shell}/search/${encodeURIComponent('课程')}`, { ca: nginxSite.ca, localAddress: '127.0.0.32' });
    expect.soft(page.status).toBe(200);
    expect.soft(page.body).toContain(first);
    // The flooder was slowed: most of its pages were refused, with the site's own page and when to come back.
    expect.soft(statuses.get(429) ?? 0).toBeGreaterThan(600);
    expect.soft(tooMany?.body).toContain('请求过于频繁');
    expect.soft(tooMany?.body).toContain('<html lang="zh-CN">');
    expect.soft(Number(tooMany?.retryAfter)).toBeGreaterThan(0);
    // And the flooder, once its budget has refilled, is a visitor again.
    await expect.poll(async () => (await request(`${nginxSite.shell}/search/again`, { ca: nginxSite.ca, localAddress: '127.0.0.31' })).status, { timeout: 10_000 }).toBe(200);
  });

  test('redirects by the site\'s own name: Host: evil.example over plain HTTP goes to the configured host; over HTTPS it gets no page of ours', async ({ nginxSite }) => {
    const redirect = await request(`http://127.0.0.1:${nginxSite.httpPort}/x?y=1`, { headers: { Host: 'evil.example' } });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`${nginxSite.shell}/x?y=1`);
    // Over TLS with the site's name in SNI (a client that trusts the site's certificate), another in Host.
    const ask = async (port: number, host: string) =>
      (await rawTlsAnswer(port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, nginxSite.ca)).split('\r\n')[0];
    for (const port of nginxSite.tlsPorts) {
      expect([port, await ask(port, 'evil.example')]).toEqual([port, 'HTTP/1.1 421 Misdirected Request']);
      // The site's own name still gets its page.
      expect([port, await ask(port, `localhost:${port}`)]).toEqual([port, expect.not.stringContaining('421')]);
    }
  });
});

test.describe('the production form started as root: no Node process of it is root', () => {
  test.skip(process.getuid?.() !== 0, 'only as root: the form gives its processes users of their own');

  test('ps -o user of every process of the form: the API and the guard wenrun-api, the render servers wenrun-render, nginx\'s workers www-data', async ({ nginxSite }) => {
    const { supervisor, children } = formProcesses(nginxSite);
    const rows = children.map((row) => `${row.user} ${row.args}`);
    test.info().annotations.push({ type: 'ps', description: [`${supervisor.user} ${supervisor.args}`, ...rows].join('\n') });
    const userOf = (pattern: RegExp) => children.filter((row) => pattern.test(row.args)).map((row) => row.user);
    expect(userOf(/reference-api\/src\/main\.ts/)).toEqual(['wenrun-api']);
    expect(userOf(/release\/guardMain\.ts/)).toEqual(['wenrun-api']);
    expect(userOf(/render-server\/src\/server\/main\.ts/)).toEqual(['wenrun-render', 'wenrun-render']);
    expect(userOf(/^nginx: worker process/).length).toBeGreaterThan(0);
    expect(new Set(userOf(/^nginx: worker process/))).toEqual(new Set(['www-data']));
    // Root under the supervisor: nginx's master alone (it binds the ports and reads the key), beside the compiler tsx
    // runs for start.ts itself (esbuild, which reads only the supervisor's own code from it).
    const root = children.filter((row) => row.user === 'root' && !(row.ppid === supervisor.pid && /\/esbuild --service/.test(row.args)));
    expect(root.map((row) => row.args)).toEqual([expect.stringMatching(/^nginx: master process/)]);
  });

  test('the render server\'s user, which runs the remotes\' code, reads no database, no token, no key, and holds no admin token', async ({ nginxSite }) => {
    const { children } = formProcesses(nginxSite);
    const render = children.find((row) => /render-server\/src\/server\/main\.ts/.test(row.args));
    const api = children.find((row) => /reference-api\/src\/main\.ts/.test(row.args));
    if (!render || !api) throw new Error('找不到渲染服务器或 API 的进程');
    const apiEnv = environOf(api.pid);
    const secrets = [nginxSite.databaseFile, nginxSite.keyFile, apiEnv.get('ADMIN_TOKEN_FILE') ?? '', apiEnv.get('SERVICE_TOKEN_FILE') ?? '', `/proc/${api.pid}/environ`];
    for (const file of secrets) {
      expect(file).not.toBe('');
      // Root reads it (it is there), the render server's user cannot.
      expect(fs.existsSync(file), file).toBe(true);
      const read = spawnSync('runuser', ['-u', render.user, '--', 'cat', file], { encoding: 'utf8' });
      expect([file, read.status, read.stdout]).toEqual([file, 1, '']);
    }
    // The admin token is in no render server's environment, by any name.
    for (const row of children.filter((child) => /render-server\/src\/server\/main\.ts/.test(child.args))) {
      const environ = fs.readFileSync(`/proc/${row.pid}/environ`, 'utf8');
      expect(environ).not.toContain(nginxSite.adminToken);
      expect(environ).not.toContain('ADMIN_TOKEN');
    }
  });

  test('a remote\'s code in a render server reads /proc/self/environ, as its user: no service token, no database password, no address of the database', async ({ nginxSite }) => {
    const { children } = formProcesses(nginxSite);
    const api = children.find((row) => /reference-api\/src\/main\.ts/.test(row.args));
    const renderServers = children.filter((row) => /render-server\/src\/server\/main\.ts/.test(row.args));
    const nginx = children.find((row) => /^nginx: master process/.test(row.args));
    if (!api || !nginx || renderServers.length === 0) throw new Error('找不到 API、nginx 或渲染服务器的进程');
    const serviceToken = fs.readFileSync(environOf(api.pid).get('SERVICE_TOKEN_FILE') ?? '', 'utf8').trim();
    expect(serviceToken).toMatch(/^[0-9a-f]{64}$/);
    for (const row of renderServers) {
      // What the remote's code gets: the process's own environ, read as the process's user (`delete process.env.X`
      // leaves it there).
      const read = spawnSync('runuser', ['-u', row.user, '--', 'cat', `/proc/${row.pid}/environ`], { encoding: 'utf8' });
      expect(read.status).toBe(0);
      const names = read.stdout.split('\0').filter(Boolean).map((entry) => entry.slice(0, entry.indexOf('=')));
      expect(read.stdout).not.toContain(serviceToken);
      expect(read.stdout).not.toContain(PLANTED_PGPASSWORD);
      expect(names.filter((name) => /TOKEN|PASSWORD|SECRET|DATABASE|^PG/.test(name))).toEqual([]);
    }
    // nginx needs none of the start script's secrets either.
    const nginxEnviron = fs.readFileSync(`/proc/${nginx.pid}/environ`, 'utf8');
    expect(nginxEnviron).not.toContain(nginxSite.adminToken);
    expect(nginxEnviron).not.toContain(PLANTED_PGPASSWORD);
  });
});
