import fs from 'node:fs';
import http from 'node:http';
import { API_PATHS, HOUR_MS, maskMobile } from '@wenrun/shared/node';
import { openDatabase } from '@wenrun/reference-api/db/database';
import { DEMO_ACCOUNTS } from '@wenrun/reference-api/seed/accounts';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { unusedMobile } from '../support/login-modal';
import type { NginxSite } from '@wenrun/deploy/ops/nginx/site';
import { DEFAULT_LIMITS } from '@wenrun/reference-api';
import { clientCodeAllowance } from '@wenrun/reference-api/routes/sendCodeLimits';
import { API, postForm, SHELL, siteOrigin } from '../support/attacker';

/**
 * Verification codes (验证码) as an attacker spends them: reading one back, finding one in the log, spending everyone's
 * budget from one address, or through visitors' browsers from another site's page (a hundred addresses:
 * attacker-whole-site-code-budget.spec.ts).
 * The attacker suite: e2e/support/attacker.ts.
 */
test.use({ ignoreHTTPSErrors: true });

/** The codes the site's API sent in the last hour to clients other than `client`, as its database holds them. */
async function codesThisHourFromOthers(site: NginxSite, client: string): Promise<number> {
  const database = await openDatabase(site.databaseFile);
  try {
    const row = await database.kysely
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '!=', client)
      .where('created_at', '>', Date.now() - HOUR_MS)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  } finally {
    await database.close();
  }
}

test.describe('the production form: nginx over TLS, the reference API in production mode', () => {
  test('no door of the demo: sending a code, then reading it back under /__dev, by any spelling, is "no such call"', async ({ nginxSite }) => {
    const mobile = unusedMobile();
    const sent = await postForm(`${nginxSite.api}${API_PATHS.sendCode}`, { mobile }, { ca: nginxSite.ca, headers: siteOrigin(nginxSite), localAddress: '127.0.0.11' });
    expect(sent.header.code).toBe('200');
    for (const target of [`/__dev/codes/${mobile}`, `/__de%76/codes/${mobile}`, `//__dev/codes/${mobile}`, `/images/..%2f__dev/codes/${mobile}`, '/__dev/messages', '/__dev/stats']) {
      const answer = await request(`${nginxSite.api}${target}`, { ca: nginxSite.ca });
      expect([target, answer.status, answer.body]).toEqual([target, 404, JSON.stringify({ header: { code: '404', codeMsg: '接口不存在' }, data: null })]);
    }
    const publish = await postForm(`${nginxSite.api}/__dev/activities`, { title: '未经授权的活动' }, { ca: nginxSite.ca });
    expect(publish.status).toBe(404);
    // Nor behind nginx: the API itself has none of them in production mode.
    expect((await request(`http://127.0.0.1:${nginxSite.apiUpstreamPort}/__dev/codes/${mobile}`)).status).toBe(404);
  });

  test('no demo account: none of the published demo passwords logs anyone in', async ({ nginxSite }) => {
    expect(DEMO_ACCOUNTS.length).toBe(3);
    for (const { mobile, password } of DEMO_ACCOUNTS) {
      const login = await postForm(`${nginxSite.api}${API_PATHS.passwordLogin}`, { mobile, password }, { ca: nginxSite.ca, localAddress: '127.0.0.12' });
      expect([mobile, login.header.code]).toEqual([mobile, '401']);
    }
  });

  test('a code is never written to the log, where whoever reads the log would have a login', async ({ nginxSite }) => {
    const mobile = unusedMobile();
    const sent = await postForm(`${nginxSite.api}${API_PATHS.sendCode}`, { mobile }, { ca: nginxSite.ca, headers: siteOrigin(nginxSite), localAddress: '127.0.0.13' });
    expect(sent.header.code).toBe('200');
    await expect.poll(() => fs.readFileSync(nginxSite.logFile, 'utf8')).toContain(maskMobile(mobile));
    const log = fs.readFileSync(nginxSite.logFile, 'utf8');
    const lines = log.split('\n').filter((line) => line.includes('验证码已生成')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toHaveProperty('code');
    expect(log).not.toContain(mobile);
  });

  test('one visitor cannot spend everyone\'s codes: the hourly budget is per real visitor, and X-Forwarded-For is nobody\'s word', async ({ nginxSite }) => {
    const send = (localAddress: string, headers: Record<string, string> = {}) =>
      postForm(`${nginxSite.api}${API_PATHS.sendCode}`, { mobile: unusedMobile() }, { ca: nginxSite.ca, headers: { ...siteOrigin(nginxSite), ...headers }, localAddress });
    // Its hourly 10, or fewer once the earlier tests' clients have spent some of the site's hour: its share of what they left.
    const allowance = clientCodeAllowance(DEFAULT_LIMITS, await codesThisHourFromOthers(nginxSite, '127.0.0.21'));
    test.info().annotations.push({ type: 'allowance', description: `这一小时 127.0.0.21 可获取 ${allowance} 条验证码` });
    for (let i = 0; i < allowance; i += 1) expect((await send('127.0.0.21')).header.code).toBe('200');
    expect((await send('127.0.0.21')).header.codeMsg).toMatch(/^获取验证码次数过多，请\d+秒后再试$/);
    // Naming another address in the headers changes nothing: nginx passes on the one it saw.
    expect((await send('127.0.0.21', { 'X-Forwarded-For': '127.0.0.99', 'X-Real-IP': '127.0.0.99' })).header.codeMsg).toMatch(/^获取验证码次数过多/);
    // Another visitor still gets their code.
    expect((await send('127.0.0.22')).header.code).toBe('200');
  });

  test('a form on another site, submitted in a visitor\'s browser, sends no code (no SMS pumping through visitors)', async ({ page, hosts, nginxSite }) => {
    const mobile = unusedMobile();
    const action = `${nginxSite.api}${API_PATHS.sendCode}`;
    const evil = await hosts.listen(
      (port) =>
        new Promise((resolve) => {
          const server = http.createServer((_request, response) =>
            response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
              `<!doctype html><iframe name="sink"></iframe><form method="post" action="${action}" target="sink"><input name="mobile" value="${mobile}"></form><script>document.forms[0].submit()</script>`,
            ),
          );
          server.listen(port, () => resolve(server));
        }),
    );
    // The API's own answer to the browser's post: it got there, from that page, and was refused.
    const answered = page.waitForResponse((response) => response.url() === action && response.request().method() === 'POST');
    await page.goto(evil.origin);
    const answer = await answered;
    expect(answer.request().headers().origin).toBe(evil.origin);
    expect(await answer.json()).toEqual({ header: { code: '403', codeMsg: '只接受本站页面提交的请求' }, data: null });
    // Had the foreign form sent a code, the site's own page would now be told to wait a minute.
    const own = await postForm(action, { mobile }, { ca: nginxSite.ca, headers: siteOrigin(nginxSite), localAddress: '127.0.0.14' });
    expect(own.header).toEqual({ code: '200', codeMsg: '成功' });
    const forged = await postForm(action, { mobile: unusedMobile() }, { ca: nginxSite.ca, headers: { Origin: 'https://evil.example' }, localAddress: '127.0.0.14' });
    expect(forged.header).toEqual({ code: '403', codeMsg: '只接受本站页面提交的请求' });
  });
});

test.describe('npm start, the demo form', () => {
  test('a code cannot be sent from another site\'s page; the site\'s own pages still send them', async () => {
    const forged = await postForm(`${API}${API_PATHS.sendCode}`, { mobile: unusedMobile() }, { headers: { Origin: 'https://evil.example' } });
    expect(forged.header).toEqual({ code: '403', codeMsg: '只接受本站页面提交的请求' });
    const own = await postForm(`${API}${API_PATHS.sendCode}`, { mobile: unusedMobile() }, { headers: { Origin: SHELL } });
    expect(own.header.code).toBe('200');
  });
});
