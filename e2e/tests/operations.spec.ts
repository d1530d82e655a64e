import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REMOTE_PARTS } from '../../shared/src/config/parts';
import { E2E_PORTS } from '../support/ports';
import {
  ARTIFACTS,
  closeServer,
  copyBuild,
  deployShellCopy,
  distOf,
  manifestUrl,
  serveFolder,
  setRemote,
  watchErrors,
} from '../support/site';

const servers: http.Server[] = [];

test.describe.configure({ mode: 'serial' });

test.afterAll(() => Promise.all(servers.map(closeServer)));

test('rollback: a broken primary remote-header falls back to the last known good build', async ({ page }) => {
  // A botched deploy: the manifest points at a Header chunk that was never uploaded.
  const broken = copyBuild(distOf('remote-header'), path.join(ARTIFACTS, 'header-broken'));
  for (const file of fs.readdirSync(broken).filter((name) => name.startsWith('__federation_expose_Header'))) {
    fs.rmSync(path.join(broken, file));
  }
  servers.push(await serveFolder(broken, E2E_PORTS.rollbackHeader));
  const shellDir = deployShellCopy('shell-rollback', (config) =>
    setRemote(config, 'header', [manifestUrl(E2E_PORTS.rollbackHeader), manifestUrl(REMOTE_PARTS.header.port)]),
  );
  servers.push(await serveFolder(shellDir, E2E_PORTS.rollbackShell));

  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`http://localhost:${E2E_PORTS.rollbackShell}/`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.locator('.remote-slot--failed')).toHaveCount(0);
  expect(warnings.join('\n')).toContain(`使用备用地址 ${manifestUrl(REMOTE_PARTS.header.port)}`);
});

test('status page: each remote with its version and load time, the shared singletons, the API health', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/status.html');
  const sectionTitled = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const remotes = sectionTitled('Remote').locator('tbody tr');
  await expect(remotes).toHaveCount(Object.keys(REMOTE_PARTS).length);
  for (const [name, part] of Object.entries(REMOTE_PARTS)) {
    const row = remotes.filter({ hasText: manifestUrl(part.port) });
    await expect(row).toContainText(name);
    await expect(row).toContainText(/\d+\.\d+\.\d+/);
    await expect(row).toContainText(/\d+ ms/);
    await expect(row).toContainText('正常');
  }
  const shared = sectionTitled('共享单例');
  await expect(shared.locator('tr', { hasText: 'react-dom' })).toContainText('18.3.1');
  await expect(sectionTitled('API')).toContainText('HTTP 200');
  expect(errors).toEqual([]);
});
