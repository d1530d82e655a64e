import fs from 'node:fs';
import path from 'node:path';
import { PAGE_STATE_ID, parsePageState, REMOTE_PARTS, SHELL_PART, type RuntimeConfig } from '@wenrun/shared/node';
import { cspDirectives, watchCsp } from '../support/csp';
import { expect, test } from '../support/fixtures';
import { waitForLiveHeader } from '../support/header-search';
import { request } from '../support/https';
import {
  ARTIFACTS,
  copyBuild,
  distOf,
  editRuntimeConfig,
  manifestUrl,
  remoteEntryUrl,
  setRemote,
  watchErrors,
} from '../support/site';

/**
 * The runtime config as an attacker would bend it: the CSP names no http: origin and follows a remote moved by
 * editing the served config alone.
 * The attacker suite: e2e/support/attacker.ts.
 */
test.use({ ignoreHTTPSErrors: true });

test.describe('the production form: nginx over TLS, the reference API in production mode', () => {
  test('the CSP names no http: origin, even with http: entries in the served config, and follows it: a remote moved to a new origin loads on the next page', async ({ page, nginxSite }) => {
    test.setTimeout(90_000);
    const get = (url: string) => request(url, { ca: nginxSite.ca });
    const before = cspDirectives(String((await get(`${nginxSite.shell}/`)).headers['content-security-policy']));
    for (const [name, sources] of before) for (const source of sources) expect(source, name).not.toMatch(/^http:/);

    // The header's build, served from another origin of the same machine (its loopback address, not its name).
    const headerPort = new URL(nginxSite.remotes.header).port;
    const moved = `https://127.0.0.1:${headerPort}`;
    // Plain HTTP on this machine (the discard port): nothing a test could fetch from outside.
    const plain = 'http://127.0.0.1:9';
    const original = fs.readFileSync(nginxSite.runtimeConfigFile, 'utf8');
    try {
      const config = JSON.parse(original) as { remotes: Record<string, unknown>; digests: Record<string, unknown> };
      // The new build first, the old one as the fallback: what ops write to move a remote. And two http: entries,
      // a fallback and a canary for every visitor, which the production form over TLS must not use.
      const header = [`${moved}/mf-manifest.json`, `${nginxSite.remotes.header}/mf-manifest.json`, `${plain}/header/mf-manifest.json`];
      const wuyou = { entries: [`${nginxSite.remotes.wuyou}/mf-manifest.json`], canary: { entry: `${plain}/wuyou/mf-manifest.json`, percent: 100 } };
      // The moved entry pinned to its build's digests, as the release that moves it records them.
      const digests = { ...config.digests, [`${moved}/mf-manifest.json`]: config.digests[`${nginxSite.remotes.header}/mf-manifest.json`] };
      fs.writeFileSync(nginxSite.runtimeConfigFile, JSON.stringify({ ...config, remotes: { ...config.remotes, header, wuyou }, digests }));
      await expect.poll(async () => (await get(`${nginxSite.shell}/`)).headers['content-security-policy'], { timeout: 10_000 }).toContain(moved);
      const csp = cspDirectives(String((await get(`${nginxSite.shell}/`)).headers['content-security-policy']));
      for (const [name, sources] of csp) for (const source of sources) expect(source, name).not.toMatch(/^http:/);
      // Nor do the render servers use them: the config a page they render carries, once they have read the edit.
      const renderedWith = async () => {
        const html = (await get(`${nginxSite.shell}/search/${encodeURIComponent('课程')}`)).body;
        const state = parsePageState(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">([^<]*)</script>`).exec(html)?.[1] ?? '');
        return state?.config as Pick<RuntimeConfig, 'remotes' | 'canaries'> | undefined;
      };
      await expect.poll(async () => (await renderedWith())?.remotes.header, { timeout: 20_000 }).toEqual(header.slice(0, 2));
      expect((await renderedWith())?.canaries).toEqual({});
      const errors = watchErrors(page);
      const violations = await watchCsp(page);
      const requested: string[] = [];
      page.on('request', (sent) => requested.push(sent.url()));
      await page.goto(`${nginxSite.shell}/about/3`);
      await waitForLiveHeader(page);
      expect(requested).toContain(`${moved}/remoteEntry.js`);
      expect(requested.filter((url) => url.startsWith(plain))).toEqual([]);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      fs.writeFileSync(nginxSite.runtimeConfigFile, original);
      await expect.poll(async () => (await get(`${nginxSite.shell}/`)).headers['content-security-policy'], { timeout: 10_000 }).not.toContain(moved);
    }
  });
});

test.describe('npm start, the demo form', () => {
  test.describe('the runtime config npm start serves', () => {
    test.describe.configure({ mode: 'serial' });

    test('a remote moved to a new origin by editing runtime-config.json alone loads on the next page, within the CSP', async ({ page, hosts }) => {
      const header = await hosts.serve(copyBuild(distOf(REMOTE_PARTS.header.folder), path.join(ARTIFACTS, 'header-moved')));
      // Another origin than any the site had: the machine's loopback address rather than its name.
      const moved = `http://127.0.0.1:${header.port}`;
      const shellDir = distOf(SHELL_PART.folder);
      const file = path.join(shellDir, 'runtime-config.json');
      const original = fs.readFileSync(file, 'utf8');
      try {
        // The new build first, the old one as the fallback: what ops write to move a remote.
        editRuntimeConfig(shellDir, (config) => setRemote(config, 'header', [`${moved}/mf-manifest.json`, manifestUrl(REMOTE_PARTS.header.port)]));
        const errors = watchErrors(page);
        const violations = await watchCsp(page);
        const requested: string[] = [];
        page.on('request', (sent) => requested.push(sent.url()));
        await page.goto('/about/3');
        await waitForLiveHeader(page);
        expect(requested).toContain(`${moved}/remoteEntry.js`);
        expect(requested).not.toContain(remoteEntryUrl(REMOTE_PARTS.header.port));
        await page.waitForLoadState('networkidle');
        expect(await violations()).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        fs.writeFileSync(file, original);
      }
    });
  });
});
