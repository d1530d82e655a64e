import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { RENDER_USER } from '@wenrun/deploy/ops/nginx/accounts';
import { POSTGRES_BIN } from '@wenrun/deploy/ops/postgres/cluster';
import { expect } from '../support/fixtures';
import { test } from '../support/twoHosts';

/**
 * The one PostgreSQL of both hosts, as a local user would attack it.
 * The two hosts: e2e/support/twoHosts.ts.
 */

/**
 * What a local user can do to the site's PostgreSQL (issue 51): `nobody` on the machine, and the render servers' user
 * inside a host (the remotes' code runs as it), ask for it on the bridge as psql would.
 */
test('PostgreSQL admits no one without a password, and the API\'s own role can neither run programs nor read password hashes', async ({ twoHosts }) => {
  const [first] = twoHosts.hosts;
  if (!first) throw new Error('没有主机');
  /** psql as `user` (in `netns` when given) logging in as `role`; its status and what it said. */
  const psql = (user: string, role: string, sql: string, options: { netns?: string; password?: string } = {}) => {
    const command = ['runuser', '-u', user, '--', 'env', ...(options.password ? [`PGPASSWORD=${options.password}`] : []), 'PGCONNECT_TIMEOUT=5',
      path.join(POSTGRES_BIN, 'psql'), '-w', '-X', '-A', '-t', '-h', twoHosts.postgres.address, '-p', String(twoHosts.postgres.port), '-U', role, '-d', 'wenrun', '-c', sql];
    const run = spawnSync(options.netns ? 'ip' : command[0] ?? '', options.netns ? ['netns', 'exec', options.netns, ...command] : command.slice(1), { encoding: 'utf8', cwd: '/' });
    return { status: run.status, said: `${run.stdout}${run.stderr}` };
  };
  for (const role of ['wenrun', 'postgres', 'wenrun_api', 'wenrun_coordination']) {
    const fromMachine = psql('nobody', role, 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    expect(fromMachine.status, `nobody 不用密码以 ${role} 登录：${fromMachine.said}`).not.toBe(0);
    const fromHost = psql(RENDER_USER, role, 'SELECT count(*) FROM sessions', { netns: first.netns });
    expect(fromHost.status, `${RENDER_USER} 在 ${first.netns} 里不用密码以 ${role} 登录：${fromHost.said}`).not.toBe(0);
  }
  // With the API's password (as if it leaked): its own tables, nothing of the server's.
  const password = fs.readFileSync(first.apiPasswordFile, 'utf8').trim();
  const asApi = (sql: string) => psql(RENDER_USER, 'wenrun_api', sql, { netns: first.netns, password });
  expect(asApi('SELECT count(*) >= 0 FROM sessions')).toEqual({ status: 0, said: 't\n' });
  const program = asApi("COPY (SELECT 1) TO PROGRAM 'id'");
  expect(program.status).not.toBe(0);
  expect(program.said).toMatch(/permission denied|must be superuser/);
  expect(asApi('SELECT rolpassword FROM pg_authid').said).toMatch(/permission denied/);
  expect(asApi('SELECT count(*) FROM runtime_config').said).toMatch(/permission denied/);
  expect(asApi('SELECT rolsuper OR rolcreaterole OR rolcreatedb FROM pg_roles WHERE rolname = current_user')).toEqual({ status: 0, said: 'f\n' });
  // The coordination role, apart from the API's, still put the activity trigger on the API's table (its relay did).
  const db = new pg.Client({ connectionString: twoHosts.databaseUrl });
  await db.connect();
  try {
    await expect.poll(async () => (await db.query("SELECT tgname FROM pg_trigger WHERE tgrelid = 'activities'::regclass AND NOT tgisinternal")).rows, { timeout: 15_000 }).toEqual([{ tgname: 'wenrun_activity_changed' }]);
    const owners = await db.query("SELECT tablename, tableowner FROM pg_tables WHERE tablename IN ('sessions', 'runtime_config', 'site_leases') ORDER BY tablename");
    expect(owners.rows).toEqual([
      { tablename: 'runtime_config', tableowner: 'wenrun_coordination' },
      { tablename: 'sessions', tableowner: 'wenrun_api' },
      { tablename: 'site_leases', tableowner: 'wenrun_coordination' },
    ]);
  } finally {
    await db.end();
  }
});
