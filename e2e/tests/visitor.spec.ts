import { expect, test } from '@playwright/test';
import { REMOTE_PARTS, SHELL_PART } from '../../shared/src/config/parts';
import { DEMO_TEACHER } from '../support/accounts';
import { loginWithPassword } from '../support/login';

// Only react-dom carries this API; a second copy in the page would mean two Reacts.
const REACT_DOM_MARKER = 'unstable_renderSubtreeIntoContainer';

test('visitor: one seamless page from several origins, one store, one React', async ({ page }) => {
  const scripts: { origin: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ origin: new URL(response.url()).origin, body: await response.text().catch(() => '') });
  });

  await page.goto('/');
  const header = page.locator('header.site-header');
  await expect(header).toBeVisible();
  await expect(page.locator('main#main')).toContainText('我们提供');
  await expect(page.locator('footer.site-footer')).toContainText('关于我们');

  // The header is the header remote's own code, served from its own origin.
  const origins = new Set(scripts.map((script) => script.origin));
  expect(origins).toContain(`http://localhost:${SHELL_PART.port}`);
  expect(origins).toContain(`http://localhost:${REMOTE_PARTS.header.port}`);

  // A login made in the auth remote is seen at once by the header remote: the same store object.
  await loginWithPassword(page, DEMO_TEACHER);
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page.locator('.login-modal')).toBeHidden();
  await expect(header.getByTestId('header-user-mobile')).toHaveText(DEMO_TEACHER.masked);
  expect(new Set(scripts.map((script) => script.origin))).toContain(`http://localhost:${REMOTE_PARTS.auth.port}`);

  const reactDomCopies = scripts.filter((script) => script.body.includes(REACT_DOM_MARKER));
  expect(reactDomCopies).toHaveLength(1);

  const shareScope = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: object } }).__FEDERATION__;
    return JSON.stringify(Object.keys(federation?.__SHARE__ ?? {}));
  });
  expect(shareScope).toContain('shell');
});
