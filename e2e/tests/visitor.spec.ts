import { expect, test } from '@playwright/test';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { DEMO_TEACHER } from '../support/accounts';
import { waitForLiveHeader } from '../support/header-search';
import { submitPasswordLogin } from '../support/login-modal';

// Only react-dom carries this API; a second copy in the page would mean two Reacts.
const REACT_DOM_MARKER = 'unstable_renderSubtreeIntoContainer';
// A prop name only Semantic UI React's Modal knows; the header's and the auth remote's modals share one copy.
const SEMANTIC_MODAL_MARKER = 'closeOnDimmerClick';

test('visitor: one seamless page from several origins, one store, one React', async ({ page }) => {
  const scripts: { origin: string; body: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const origin = new URL(response.url()).origin;
    reading.push(response.text().then((body) => void scripts.push({ origin, body }), () => undefined));
  });
  /** Every script the page has loaded so far, read to the end. */
  const loadedScripts = async () => {
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    return scripts;
  };

  await page.goto('/');
  const header = page.locator('header.site-header');
  // `/` is server-rendered: the header shows before its remote has loaded, so wait for the live one.
  await waitForLiveHeader(page);
  await expect(page.locator('main#main')).toContainText('我们提供');
  await expect(page.locator('footer.site-footer')).toContainText('关于我们');

  // The header is the header remote's own code, served from its own origin.
  const origins = new Set((await loadedScripts()).map((script) => script.origin));
  expect(origins).toContain(`http://localhost:${SHELL_PART.port}`);
  expect(origins).toContain(`http://localhost:${REMOTE_PARTS.header.port}`);

  // A login made in the auth remote is seen at once by the header remote: the same store object.
  await submitPasswordLogin(page, DEMO_TEACHER);
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page.locator('.login-modal')).toBeHidden();
  await expect(header.getByTestId('header-user-mobile')).toHaveText(DEMO_TEACHER.masked);
  expect(new Set((await loadedScripts()).map((script) => script.origin))).toContain(`http://localhost:${REMOTE_PARTS.auth.port}`);

  const reactDomCopies = (await loadedScripts()).filter((script) => script.body.includes(REACT_DOM_MARKER));
  expect(reactDomCopies).toHaveLength(1);
  // One MobX, inside the shared stores: each copy of MobX that runs counts itself here.
  expect(await page.evaluate(() => (globalThis as unknown as { __mobxInstanceCount?: number }).__mobxInstanceCount)).toBe(1);

  // The header remote's contact dialog is a Semantic UI Modal too: it reuses the copy the login modal brought.
  await header.getByRole('button', { name: '客服' }).click();
  await expect(page.getByRole('dialog', { name: '在线客服' })).toBeVisible();
  const semanticModalCopies = (await loadedScripts()).filter((script) => script.body.includes(SEMANTIC_MODAL_MARKER));
  expect(semanticModalCopies).toHaveLength(1);

  const shareScope = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: object } }).__FEDERATION__;
    return JSON.stringify(Object.keys(federation?.__SHARE__ ?? {}));
  });
  expect(shareScope).toContain('shell');
});
