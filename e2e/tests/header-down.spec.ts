import type http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import { closeServer, deployShellCopy, manifestUrl, serveFolder, setRemote } from '../support/site';

let shell: http.Server | undefined;

test.beforeAll(async () => {
  // The header remote is down: its address answers nothing (connection refused).
  const dir = deployShellCopy('shell-header-down', (config) =>
    setRemote(config, 'header', manifestUrl(E2E_PORTS.closed)),
  );
  shell = await serveFolder(dir, E2E_PORTS.headerDownShell);
});

test.afterAll(() => closeServer(shell));

test('header remote down: main and footer still shown, the header slot shows the fallback', async ({ page }) => {
  await page.goto(`http://localhost:${E2E_PORTS.headerDownShell}/`);
  await expect(page.locator('main#main')).toContainText('我们提供');
  await expect(page.locator('footer.site-footer')).toContainText('联系我们');
  const fallback = page.locator('.site__header-slot.remote-slot--failed');
  await expect(fallback).toContainText('页头暂时无法加载');
  await expect(page.locator('header.site-header')).toHaveCount(0);
  // The rest of the page keeps working: an offering link navigates client-side.
  await page.getByRole('link', { name: /研训体系/ }).first().click();
  await expect(page).toHaveURL(/\/about\/2$/);
});
