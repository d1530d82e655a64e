/**
 * `npm run bench:load`: bounded load runs on loopback (autocannon), not tests. Starts the built site as `npm start`
 * does and behind nginx (over TLS, two render servers), then:
 *
 * - static files: 200 connections for 20 s on `/`, a hashed chunk and `remoteEntry.js`, through each;
 * - pages rendered per request: 100 connections for 20 s on `/wuyou/1` and on `/search/课程` through nginx, and once
 *   more with one of the two render servers killed in the middle.
 *
 * Prints requests/s, p50 and p99 latency and errors per run, and writes bench/results/load.json. Needs the site
 * built (`npm run build`) and nothing on the ports of `npm start` and on 3020-3028.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { REMOTE_PARTS, RENDER_PORT, SHELL_PART } from '@wenrun/shared/node';
import { NGINX_SITE_PORTS, startNginxSite } from '../deploy/ops/nginx/site';
import { formatTable, writeResult } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 20);
/** nginx and its two render servers: the bench's ports (3020-3039) below those of run.ts. */
const NGINX_PORTS = Array.from({ length: NGINX_SITE_PORTS }, (_, index) => 3020 + index);

type Options = Parameters<typeof autocannon>[0] & { requests?: { path: string }[] };

interface Run {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} 没有启动`);
}

function pidOn(port: number): number | undefined {
  const pid = /pid=(\d+)/.exec(spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1];
  return pid ? Number(pid) : undefined;
}

async function run(name: string, options: Options, during?: () => void): Promise<Run> {
  console.log(`[load] ${name} …`);
  const pending = autocannon({ duration: DURATION_S, ...options });
  if (during) setTimeout(during, (DURATION_S * 1000) / 2);
  const result = await pending;
  return {
    name,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main(): Promise<void> {
  const site = spawn(TSX, ['deploy/serve/start.ts', '--no-build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, DATABASE_PATH: '/tmp/wenrun-load.db' } });
  const nginx = await startNginxSite({ root: ROOT, ports: NGINX_PORTS, siteDir: path.join(ROOT, 'bench', 'results', 'nginx-load') });
  try {
    await waitFor(`http://127.0.0.1:${RENDER_PORT}/healthz`);
    const npmStart = `http://localhost:${SHELL_PART.port}`;
    const viaNginx = nginx.site.shell;
    const home = await (await fetch(`${npmStart}/`)).text();
    const chunk = /src="\/(main\.[0-9a-f]{8}\.js)"/.exec(home)?.[1] ?? '';
    const headers = { 'accept-encoding': 'br, gzip' };
    const runs: Run[] = [];
    for (const [label, origin, header] of [
      ['npm start', npmStart, `http://localhost:${REMOTE_PARTS.header.port}`],
      ['nginx', viaNginx, nginx.site.remotes.header],
    ] as const) {
      runs.push(await run(`${label} /`, { url: `${origin}/`, connections: 200, headers }));
      runs.push(await run(`${label} /${chunk}`, { url: `${origin}/${chunk}`, connections: 200, headers }));
      runs.push(await run(`${label} remoteEntry.js`, { url: `${header}/remoteEntry.js`, connections: 200, headers }));
    }
    const pages = [{ path: '/wuyou/1' }, { path: `/search/${encodeURIComponent('课程')}` }];
    runs.push(await run('nginx /wuyou/1', { url: `${viaNginx}/wuyou/1`, connections: 100, headers }));
    runs.push(await run('nginx /search/课程', { url: `${viaNginx}/search/${encodeURIComponent('课程')}`, connections: 100, headers }));
    runs.push(
      await run('nginx 两页，中途杀掉一个渲染服务器', { url: viaNginx, connections: 100, headers, requests: pages }, () => {
        const victim = pidOn(nginx.site.renderPorts[0] ?? 0);
        if (victim) process.kill(victim, 'SIGKILL');
      }),
    );
    console.log(
      formatTable(
        ['运行', '连接', '请求/秒', 'p50 ms', 'p99 ms', '请求数', '错误', '非 2xx'],
        runs.map((r) => [r.name, String(r.connections), String(r.requestsPerSecond), String(r.p50), String(r.p99), String(r.total), String(r.errors), String(r.non2xx)]),
      ),
    );
    const ratio = (name: string) => {
      const local = runs.find((r) => r.name === `npm start ${name}`)?.requestsPerSecond ?? Number.NaN;
      const behindNginx = runs.find((r) => r.name === `nginx ${name}`)?.requestsPerSecond ?? Number.NaN;
      return `${name}：${(local / behindNginx).toFixed(2)}×`;
    };
    console.log(`npm start ÷ nginx（请求/秒）：${['/', `/${chunk}`, 'remoteEntry.js'].map(ratio).join('，')}`);
    writeResult('load.json', { measuredAt: new Date().toISOString(), durationSeconds: DURATION_S, runs });
  } finally {
    await Promise.all([stop(site), nginx.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error('[load] 失败：', error);
  process.exit(1);
});
