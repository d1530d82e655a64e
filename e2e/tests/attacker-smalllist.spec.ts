import http from 'node:http';
import { API_PATHS, MESSAGES, type ActivityList, type Envelope } from '@wenrun/shared/node';
import { DEMO_TEACHER_WITHOUT_AVATAR } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { request } from '../support/https';
import { API_ORIGIN, submitPasswordLogin } from '../support/login-modal';

/**
 * Issue 41's small list, against `npm start` (the demo form): what a page on another site can do to a developer's
 * running site, and a logout that only looked done.
 */

/** A page on another origin that submits `fields` to `action` as soon as it loads, into a hidden frame. */
function autoSubmittingPage(action: string, fields: Record<string, string>): (port: number) => Promise<http.Server> {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join('');
  const page = `<!doctype html><meta charset="utf-8"><iframe name="sink"></iframe><form method="post" action="${action}" target="sink">${inputs}</form><script>document.forms[0].submit()</script>`;
  return (port) =>
    new Promise((resolve) => {
      const server = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
      server.listen(port, () => resolve(server));
    });
}

async function listedTitles(): Promise<string[]> {
  const answer = await request(`${API_ORIGIN}${API_PATHS.activityPage}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ size: '100' }).toString(),
  });
  return (JSON.parse(answer.body) as Envelope<ActivityList>).data.list.map((activity) => activity.title);
}

test('a page on another site cannot publish an activity on a developer\'s npm start through /__dev', async ({ page, hosts }) => {
  const title = `外站发布的活动 ${Date.now()}`;
  const action = `${API_ORIGIN}/__dev/activities`;
  const evil = await hosts.listen(
    autoSubmittingPage(action, { title, startTime: '2027-06-01 09:00', endTime: '2027-06-01 17:00', place: '外站', content: '外站页面提交' }),
  );
  // By its address, not its name: the tests' own hosts on `localhost` are among the site's origins.
  const evilOrigin = `http://127.0.0.1:${evil.port}`;
  // The browser's post reached the API, from that page, and was refused there.
  const answered = page.waitForResponse((response) => response.url() === action && response.request().method() === 'POST');
  await page.goto(evilOrigin);
  const answer = await answered;
  expect(answer.request().headers().origin).toBe(evilOrigin);
  expect(await answer.json()).toEqual({ header: { code: '403', codeMsg: '只接受本站页面提交的请求' }, data: null });
  expect(await listedTitles()).not.toContain(title);
});

test('退出登录 that the server did not take keeps the visitor logged in, with the error toast; once it does, the session is over', async ({ page }) => {
  const account = DEMO_TEACHER_WITHOUT_AVATAR;
  const sessions = async () =>
    (JSON.parse((await request(`${API_ORIGIN}/__dev/sessions/${account.mobile}`)).body) as Envelope<{ sessions: number }>).data.sessions;
  await page.goto('/');
  const login = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordLogin));
  await submitPasswordLogin(page, account);
  await login;
  const header = page.locator('header.site-header');
  await expect(header.getByTestId('header-user-mobile')).toHaveText(account.masked);
  const live = await sessions();

  // The API cannot be reached: the session goes on, so the header must not say it ended.
  const logoutCall = `${API_ORIGIN}${API_PATHS.logout}`;
  await page.route(logoutCall, (route) => route.abort('connectionrefused'));
  await header.getByRole('button', { name: '退出登录' }).click();
  await expect(page.locator('.app-toasts [role="status"]').filter({ hasText: MESSAGES.network })).toBeVisible();
  await expect(header.getByTestId('header-user-mobile')).toHaveText(account.masked);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeEnabled();
  expect(await sessions()).toBe(live);

  await page.unroute(logoutCall);
  const logout = page.waitForResponse((response) => response.url() === logoutCall);
  await header.getByRole('button', { name: '退出登录' }).click();
  await logout;
  await expect(header.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await sessions()).toBe(live - 1);
});
