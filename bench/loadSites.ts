/**
 * The sites the load bench measures: the built site as `npm start` serves it and behind nginx (over TLS, two render
 * servers), each API on a SQLite file of its own or, with `--database postgres`, on a database of the bench's own
 * PostgreSQL cluster (deploy/ops/postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHELL_PART } from '@wenrun/shared/node';
import { NGINX_SITE_PORTS, startNginxSite } from '@wenrun/deploy/ops/nginx/site';
import { startCluster, type Cluster } from '@wenrun/deploy/ops/postgres/cluster';
import type { Origins } from './loadRows';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** nginx and its two render servers: the bench's ports (3020-3039) below those of run.ts. */
const NGINX_PORTS = Array.from({ length: NGINX_SITE_PORTS }, (_, index) => 3020 + index);

/**
 * A database of its own for each API of the run on the bench's cluster: `npm start`'s (demo accounts) and the one
 * behind nginx (production mode, which removes them), as each has a file of its own on SQLite.
 */
async function postgresDatabases(): Promise<{ cluster: Cluster; demo: string; nginx: string }> {
  // On a port the kernel has free (cluster.ts): never one a test run beside it holds.
  const cluster = await startCluster();
  const url = (name: string) => Object.assign(new URL(cluster.url), { pathname: `/${name}` }).toString();
  for (const name of ['bench_demo', 'bench_nginx']) {
    const created = spawnSync('/usr/lib/postgresql/15/bin/createdb', ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'wenrun', name]);
    if (created.status !== 0) {
      await cluster.stop();
      throw new Error(`createdb ${name} 失败：${created.stderr}`);
    }
  }
  return { cluster, demo: url('bench_demo'), nginx: url('bench_nginx') };
}

export async function waitFor(url: string): Promise<void> {
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Both sites started, and how to stop them (and the bench's cluster). */
export interface SitesUnderLoad {
  origins: Origins;
  stop: () => Promise<void>;
}

/** Starts `npm start` and the nginx site; once nginx answers, `npm start`'s render server may still be starting. */
export async function startSites(onPostgres: boolean): Promise<SitesUnderLoad> {
  const postgres = onPostgres ? await postgresDatabases() : undefined;
  // A new database each run, like the cluster's: the message row counts the day's messages of its one address, so a
  // file kept between runs made each run's row slower than the last (455/s, then 313/s and 206/s with 40,765 kept).
  const sqliteFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'wenrun-load-'));
  // Messages per address and day as high as the run needs: the message row is one address sending all of them.
  const apiDatabase = postgres ? postgres.demo : path.join(sqliteFolder, 'demo.db');
  const apiEnv = { MESSAGES_PER_IP_PER_DAY: String(1e9), ...(postgres ? { DATABASE_URL: apiDatabase } : { DATABASE_PATH: apiDatabase }) };
  // As `npm start` runs it (deploy/node-lines/README.md): under tsx's command, a stop while the bench loads the machine
  // could SIGKILL the supervisor and leave its servers on the ports of the next run.
  const site = spawn(process.execPath, ['--import', 'tsx', 'deploy/serve/start.ts', '--no-build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, ...apiEnv } });
  // The API behind nginx reads DATABASE_URL from the environment its start script passes on.
  if (postgres) process.env.DATABASE_URL = postgres.nginx;
  const nginx = await startNginxSite({ root: ROOT, ports: NGINX_PORTS, siteDir: path.join(ROOT, 'bench', 'results', 'nginx-load') }).catch(
    async (error: unknown) => {
      await stop(site);
      await postgres?.cluster.stop();
      fs.rmSync(sqliteFolder, { recursive: true, force: true });
      throw error;
    },
  );
  return {
    origins: { npmStart: `http://localhost:${SHELL_PART.port}`, viaNginx: nginx.site.shell, nginx: nginx.site, apiDatabase },
    stop: async () => {
      await Promise.all([stop(site), nginx.stop()]);
      await postgres?.cluster.stop();
      fs.rmSync(sqliteFolder, { recursive: true, force: true });
    },
  };
}
