import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, SUCCESS_CODE, type LoginResult } from '@wenrun/shared/node';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { freshDatabase, type FreshDatabase } from './test/harness';
import { post, startMain, waitForHealth, type Started } from './test/mainProcess';

const [demoAccount] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0]];

describe('main.ts on PostgreSQL (DATABASE_URL)', () => {
  let dir: string;
  let database: FreshDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'reference-api-main-'));
    database = await freshDatabase({ empty: true });
  });
  afterEach(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts two instances at once on one empty database (migrations and seed under locks: neither fails), which share their visitors; each exits cleanly on SIGTERM', async () => {
    const env = { API_MODE: 'demo', DATABASE_URL: database.target };
    const instances: Started[] = await Promise.all([startMain(env, dir), startMain(env, dir)]);
    try {
      await Promise.all(instances.map((instance) => waitForHealth(instance.url, Date.now() + 30_000)));
      const [hostA, hostB] = instances as [Started, Started];
      const login = await post(`${hostA.url}${API_PATHS.passwordLogin}`, `mobile=${demoAccount.mobile}&password=${encodeURIComponent(demoAccount.password)}`);
      expect(login.header.code).toBe(SUCCESS_CODE);
      // The session host A made is one host B knows.
      const sessions = (await (await fetch(`${hostB.url}/__dev/sessions/${demoAccount.mobile}`)).json()) as { data: { sessions: number } };
      expect(sessions.data.sessions).toBe(1);
      expect((await post(`${hostB.url}${API_PATHS.logout}`, `token=${(login.data as LoginResult).token}`)).header.code).toBe(SUCCESS_CODE);
      const after = (await (await fetch(`${hostA.url}/__dev/sessions/${demoAccount.mobile}`)).json()) as { data: { sessions: number } };
      expect(after.data.sessions).toBe(0);

      for (const instance of instances) instance.signal('SIGTERM');
      expect(await Promise.all(instances.map((instance) => instance.exited))).toEqual([0, 0]);
      // Where it runs, without the URL's password (none here, but a real one would have it).
      expect(hostA.output()).toContain(`"database":"postgres ${new URL(database.target).host}${new URL(database.target).pathname}"`);
      // DATABASE_PATH is unused when DATABASE_URL is set: no SQLite file was made.
      expect(existsSync(path.join(dir, 'data', 'site.db'))).toBe(false);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  }, 60_000);
});
