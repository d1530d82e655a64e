/**
 * The load bench's rows through `npm start` and nginx: files and cached pages, one address's many visitors, the pages
 * rendered per request (one render server killed in the middle), and the API's write.
 */
import { spawnSync } from 'node:child_process';
import https from 'node:https';
import { aboutPath, API_PATHS, API_PORT, FIELD_SERIES_PATH, REMOTE_PARTS } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { DEV_PREFIX } from '@wenrun/reference-api/prefixes';
import { seedFieldDataAtCaps } from '@wenrun/reference-api/test/fieldDataAtCaps';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';
import type { Measure } from './loadRun';

/** Every row asks as a browser does: the build's brotli and gzip copies served. */
export const ACCEPT = { 'accept-encoding': 'br, gzip' };

/** The sites under load: `npm start`'s shell, and nginx's. */
export interface Origins {
  npmStart: string;
  viaNginx: string;
  nginx: NginxSite;
  /** `npm start`'s API's database: its SQLite file, or its PostgreSQL URL. */
  apiDatabase: string;
}

/** The rows served as files or cached pages, through `npm start` and nginx. */
export async function fileRows(measure: Measure, { npmStart, viaNginx, nginx }: Origins, chunk: string): Promise<void> {
  for (const [label, origin, header] of [
    ['npm start', npmStart, `http://localhost:${REMOTE_PARTS.header.port}`],
    ['nginx', viaNginx, nginx.remotes.header],
  ] as const) {
    await measure(`${label} /`, { url: `${origin}/`, connections: 200, headers: ACCEPT });
    // Named without its hash, which each build changes: the row keeps its floor.
    await measure(`${label} main.js`, { url: `${origin}/${chunk}`, connections: 200, headers: ACCEPT });
    await measure(`${label} remoteEntry.js`, { url: `${header}/remoteEntry.js`, connections: 200, headers: ACCEPT });
  }
  await measure(`nginx ${aboutPath(3)}`, { url: `${viaNginx}${aboutPath(3)}`, connections: 200, headers: ACCEPT });
}

/** The address the shared-address row's visitors come from, as a school's or a carrier's NAT gives them one. */
const SHARED_ADDRESS = '127.0.0.77';
/** How many visitors the shared-address row plays, each a connection with the visitor key nginx gave it. */
const SHARED_VISITORS = 200;
export const SHARED_ADDRESS_ROW = `nginx / 一个地址后 ${SHARED_VISITORS} 位访客`;

/** The `name=value` visitor key nginx gives a first-time visitor from `localAddress`. */
function visitorKeyFrom(url: string, ca: Buffer, localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false, localAddress }, (response) => {
        response.resume();
        const key = [response.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0];
        if (key) resolve(key);
        else reject(new Error(`${url} 没有给访客标识（Set-Cookie）`));
      })
      .on('error', reject);
  });
}

/**
 * A page nginx keeps, asked by many visitors behind one address (issue 50): each connection a visitor with the key
 * nginx gave it, all from one address that is not the bench's own (which nginx does not limit). Judged as the other
 * cached pages, against a file of the same size: a per-address budget in front of the cache would refuse most of it.
 */
export async function sharedAddressRow(measure: Measure, { viaNginx, nginx }: Origins): Promise<void> {
  const keys: string[] = [];
  for (let visitor = 0; visitor < SHARED_VISITORS; visitor += 1) keys.push(await visitorKeyFrom(`${viaNginx}/`, nginx.ca, SHARED_ADDRESS));
  let next = 0;
  await measure(SHARED_ADDRESS_ROW, {
    url: `${viaNginx}/`,
    connections: SHARED_VISITORS,
    headers: ACCEPT,
    tlsOptions: { localAddress: SHARED_ADDRESS },
    setupClient: (client) => client.setHeaders({ ...ACCEPT, cookie: keys[next++ % keys.length] ?? '' }),
  });
}

function pidOn(port: number): number | undefined {
  const pid = /pid=(\d+)/.exec(spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1];
  return pid ? Number(pid) : undefined;
}

/** The rows the render servers make per request, and the API's write. */
export async function renderedRows(measure: Measure, { viaNginx, nginx }: Origins): Promise<void> {
  const pages = [{ path: '/wuyou/1' }, { path: `/search/${encodeURIComponent('课程')}` }];
  await measure('nginx /wuyou/1', { url: `${viaNginx}/wuyou/1`, connections: 100, headers: ACCEPT });
  await measure('nginx /search/课程', { url: `${viaNginx}/search/${encodeURIComponent('课程')}`, connections: 100, headers: ACCEPT });
  await measure('nginx 两页，中途杀掉一个渲染服务器', { url: viaNginx, connections: 100, headers: ACCEPT, requests: pages }, () => {
    const victim = pidOn(nginx.renderPorts[0] ?? 0);
    if (victim) process.kill(victim, 'SIGKILL');
  });
  // A message of its own each time: an identical one within 10 minutes is answered from the first, not stored.
  let sent = 0;
  await measure('npm start 留言 websiteMessage1.0', {
    url: `http://localhost:${API_PORT}`,
    connections: 100,
    requests: [
      {
        method: 'POST',
        path: API_PATHS.message,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => {
          sent += 1;
          return { ...request, body: new URLSearchParams({ name: '压测', phone: '13800138000', message: `第${sent}条留言` }).toString() };
        },
      },
    ],
  });
}

export const OPS_DATA_ROW = 'npm start 控制台走势七天（现场数据满额）';

/**
 * The heaviest call on the ops data (bench/opsData.ts, issue 52), under load: `npm start`'s API's field data seeded
 * to its caps (100,000 views over the week before now), then the console's seven-day series asked by a few callers
 * at once, as several ops with the console open do. Judged against the API's answer without work.
 */
export async function opsDataRow(measure: Measure, { apiDatabase }: Origins): Promise<void> {
  const db = await openDatabase(apiDatabase);
  await seedFieldDataAtCaps(db, Date.now(), 1).finally(() => db.close());
  await measure(OPS_DATA_ROW, { url: `http://localhost:${API_PORT}${DEV_PREFIX}${FIELD_SERIES_PATH}?days=7`, connections: 4 });
}
