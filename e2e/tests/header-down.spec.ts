import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { deployShellCopy, manifestUrl, setRemote } from '../support/site';

test('header remote down: main and footer still shown, the header slot shows the fallback', async ({ page, hosts }) => {
  // The header remote is down: its address answers nothing (connection refused).
  const shell = await hosts.serve(
    deployShellCopy('shell-header-down', (config) => setRemote(config, 'header', manifestUrl(E2E_PORTS.closed))),
  );
  await page.goto(`${shell.origin}/`);
  await expect(page.locator('main#main')).toContainText('我们提供');
  await expect(page.locator('footer.site-footer')).toContainText('联系我们');
  const fallback = page.locator('.site__header-slot.remote-slot--failed');
  await expect(fallback).toContainText('页头暂时无法加载');
  await expect(page.locator('header.site-header')).toHaveCount(0);
  // The rest of the page keeps working: an offering link navigates client-side.
  await page.getByRole('link', { name: /研训体系/ }).first().click();
  await expect(page).toHaveURL(/\/about\/2$/);
});
