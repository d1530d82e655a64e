import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, SUCCESS_CODE } from '@wenrun/shared/node';
import { DEMO_ACCOUNTS } from './seed/accounts';
import { ADMIN_MESSAGES } from './security/adminToken';
import { adminTokenEnv, isDemoMode, serviceTokenEnv, trustedProxiesEnv } from './settings';
import { post, startMain, waitFor, waitForHealth } from './test/mainProcess';
const [demoAccount] = DEMO_ACCOUNTS as [(typeof DEMO_ACCOUNTS)[0]];

const jsonLines = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as { msg?: string; level: number; [key: string]: unknown });

describe('main.ts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'reference-api-main-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the production form unless told otherwise: loopback only, no demo account, no dev endpoint, no code in its log; exits cleanly on SIGTERM', async () => {
    const server = await startMain({}, dir);
    try {
      await waitForHealth(server.url, Date.now() + 20_000);
      expect(existsSync(path.join(dir, 'data', 'site.db'))).toBe(true);
      const login = await post(`${server.url}${API_PATHS.passwordLogin}`, `mobile=${demoAccount.mobile}&password=${encodeURIComponent(demoAccount.password)}`);
      expect(login.header.code).toBe('401');
      expect((await fetch(`${server.url}/__dev/codes/${demoAccount.mobile}`)).status).toBe(404);
      expect((await post(`${server.url}${API_PATHS.sendCode}`, 'mobile=13512345678')).header.code).toBe(SUCCESS_CODE);
      const admin = await fetch(`${server.url}/admin/activities`, { method: 'POST' });
      expect(admin.status).toBe(401);
      expect(((await admin.json()) as { header: { codeMsg: string } }).header.codeMsg).toBe(ADMIN_MESSAGES.disabled);

      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      const lines = jsonLines(server.output());
      expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['reference API ready', 'shutting down']));
      expect(lines.find((line) => line.msg === 'reference API ready')).toMatchObject({ mode: 'production' });
      // Fastify names every address it listens on: only loopback ones.
      const listening = lines.filter((line) => line.msg?.startsWith('Server listening at')).map((line) => line.msg);
      expect(listening.length).toBeGreaterThan(0);
      for (const line of listening) expect(line).toMatch(/^Server listening at http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/);
      const codeLine = lines.find((line) => line.msg?.startsWith('验证码已生成'));
      expect(codeLine).toMatchObject({ mobile: '135****5678' });
      expect(codeLine).not.toHaveProperty('code');
      expect(server.output()).not.toContain('演示模式');
    } finally {
      await server.stop();
    }
  }, 40_000);

  it('in demo mode (API_MODE=demo) says so at start and has the demo: accounts, dev endpoints, codes in the log', async () => {
    const server = await startMain({ API_MODE: 'demo', HOST: '0.0.0.0' }, dir);
    try {
      await waitForHealth(server.url, Date.now() + 20_000);
      const login = await post(`${server.url}${API_PATHS.passwordLogin}`, `mobile=${demoAccount.mobile}&password=${encodeURIComponent(demoAccount.password)}`);
      expect(login.header.code).toBe(SUCCESS_CODE);
      expect((await post(`${server.url}${API_PATHS.sendCode}`, 'mobile=13512345678')).header.code).toBe(SUCCESS_CODE);
      const devCode = (await (await fetch(`${server.url}/__dev/codes/13512345678`)).json()) as { data: { code: string } };
      // The log is written as it comes: the line of the code may follow the answer by a moment.
      await waitFor(() => server.output().includes('验证码已生成'));
      const lines = jsonLines(server.output());
      expect(lines.find((line) => line.msg?.startsWith('验证码已生成'))).toMatchObject({ mobile: '13512345678', code: devCode.data.code });
      const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
      expect(warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^演示模式（API_MODE=demo）/), expect.stringMatching(/^演示模式监听 0\.0\.0\.0/)]));
    } finally {
      await server.stop();
    }
  }, 40_000);

  it.each([
    ['API_MODE=demo with NODE_ENV=production', { API_MODE: 'demo', NODE_ENV: 'production' }, 'NODE_ENV=production 时不能使用 API_MODE=demo'],
    ['a TRUST_PROXY that trusts any proxy', { TRUST_PROXY: 'true' }, 'TRUST_PROXY 应列出代理的地址或网段'],
    ['an admin token of 10 characters', { ADMIN_TOKEN: 'short-one!' }, '管理令牌至少 32 个字符'],
    ['a DATABASE_URL that names no PostgreSQL database', { DATABASE_URL: 'sqlite:///tmp/site.db' }, 'DATABASE_URL 应为 postgres://'],
  ])('refuses to start with %s', async (_what, env, message) => {
    const server = await startMain(env, dir);
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(message);
    } finally {
      await server.stop();
    }
  }, 40_000);
});

describe('settings from the environment', () => {
  it('takes demo mode only when asked for, and never with NODE_ENV=production', () => {
    expect(isDemoMode({})).toBe(false);
    expect(isDemoMode({ API_MODE: 'production' })).toBe(false);
    expect(isDemoMode({ API_MODE: 'demo', NODE_ENV: 'test' })).toBe(true);
    expect(() => isDemoMode({ API_MODE: 'Demo' })).toThrow('API_MODE 只能是 demo 或 production');
  });

  it('trusts the proxies it is given by address or range, never "any" or a hop count', () => {
    expect(trustedProxiesEnv(undefined)).toEqual([]);
    expect(trustedProxiesEnv('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => trustedProxiesEnv('2')).toThrow();
    expect(() => trustedProxiesEnv('*')).toThrow();
  });

  it('reads the admin token from ADMIN_TOKEN or the first line of ADMIN_TOKEN_FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reference-api-token-'));
    try {
      const token = 'a'.repeat(40);
      writeFileSync(path.join(dir, 'token'), `${token}\n`);
      expect(adminTokenEnv({ ADMIN_TOKEN_FILE: path.join(dir, 'token') })).toBe(token);
      expect(adminTokenEnv({ ADMIN_TOKEN: ` ${token} ` })).toBe(token);
      expect(adminTokenEnv({})).toBeUndefined();
      // The service token the same way, and never the admin token for it (nor the other way round).
      writeFileSync(path.join(dir, 'service'), `${'s'.repeat(40)}\n`);
      expect(serviceTokenEnv({ SERVICE_TOKEN_FILE: path.join(dir, 'service'), ADMIN_TOKEN: token })).toBe('s'.repeat(40));
      expect(serviceTokenEnv({ ADMIN_TOKEN: token })).toBeUndefined();
      expect(adminTokenEnv({ SERVICE_TOKEN: token })).toBeUndefined();
      expect(() => serviceTokenEnv({ SERVICE_TOKEN: 'short' })).toThrow('服务令牌至少 32 个字符');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
