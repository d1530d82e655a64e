/**
 * Jest's global setup and teardown of the `reference-api-postgres` project (jest.config.mjs): one PostgreSQL cluster
 * for the run (cluster.ts, on a port the kernel has free), its URL told to the suites in the environment; each suite
 * makes its own database on it (reference-api/src/test/harness.ts, freshDatabase), so suites never share data and the
 * ~0.6 s start is paid once.
 * The template every such database copies is migrated and seeded here, once: the demo content's thousands of rows and
 * the demo accounts' scrypt hashes are written once per run, not once per server a suite starts.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL_ENV, TEMPLATE_DATABASE } from '@wenrun/reference-api/test/postgresTemplate';
import { startCluster, type Cluster } from './cluster';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const SEED_TEMPLATE = path.join(ROOT, 'reference-api/src/test/seedTemplate.ts');

const running = globalThis as { referenceApiCluster?: Cluster };

export default async function setup(): Promise<void> {
  const cluster = await startCluster();
  running.referenceApiCluster = cluster;
  process.env[POSTGRES_ADMIN_URL_ENV] = cluster.url;
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    // In a process of its own (tsx), as the API runs: Jest's global setup loads modules without the projects' transforms.
    const seeded = spawnSync(TSX, [SEED_TEMPLATE, url.toString()], { encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`测试模板数据库初始化失败：${seeded.stderr}`);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

export async function teardown(): Promise<void> {
  await running.referenceApiCluster?.stop();
}
