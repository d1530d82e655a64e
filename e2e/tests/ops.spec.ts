import type http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REMOTE_PARTS } from '../../shared/src/config/parts';
import { waitForLiveHeader } from '../support/header-search';
import { E2E_PORTS } from '../support/ports';
import {
  ARTIFACTS,
  closeServer,
  copyBuild,
  deployShellCopy,
  distOf,
  editRuntimeConfig,
  folderFingerprint,
  manifestUrl,
  serveFolder,
  setRemote,
} from '../support/site';

const servers: http.Server[] = [];
let shellDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  shellDir = deployShellCopy('shell-ops', () => undefined);
  const otherHeader = copyBuild(distOf('remote-header'), path.join(ARTIFACTS, 'header-elsewhere'));
  servers.push(await serveFolder(shellDir, E2E_PORTS.opsShell));
  servers.push(await serveFolder(otherHeader, E2E_PORTS.opsHeader));
});

test.afterAll(() => Promise.all(servers.map(closeServer)));

test('ops: pointing runtime-config.json at another header build takes effect on reload, nothing rebuilt', async ({
  page,
}) => {
  const requestedPorts: string[] = [];
  page.on('request', (request) => requestedPorts.push(new URL(request.url()).port));
  const shellBefore = folderFingerprint(shellDir);

  await page.goto(`http://localhost:${E2E_PORTS.opsShell}/`);
  // The server-rendered header is visible before any remote loads: wait for the live one, and for the first load's
  // last requests, so that none of them is counted after the reload.
  await waitForLiveHeader(page);
  await page.waitForLoadState('networkidle');
  expect(requestedPorts).toContain(String(REMOTE_PARTS.header.port));
  expect(requestedPorts).not.toContain(String(E2E_PORTS.opsHeader));

  editRuntimeConfig(shellDir, (config) => setRemote(config, 'header', manifestUrl(E2E_PORTS.opsHeader)));
  requestedPorts.length = 0;
  await page.reload();
  await waitForLiveHeader(page);
  expect(requestedPorts).toContain(String(E2E_PORTS.opsHeader));
  expect(requestedPorts).not.toContain(String(REMOTE_PARTS.header.port));
  expect(folderFingerprint(shellDir)).toBe(shellBefore);
});
