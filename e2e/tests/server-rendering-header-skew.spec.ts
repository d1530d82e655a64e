import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@wenrun/shared/node';
import { expect, test } from '../support/fixtures';
import { markServerNodes } from '../support/server-rendering';
import { ARTIFACTS, copyBuild, deployShellCopy, distOf, manifestUrl, setRemote, waitForApp, watchErrors } from '../support/site';

test.describe('a header deployed on its own after the pages were rendered', () => {
  const OLD_TEXT = '进入研训系统';
  const NEW_TEXT = '进入研训平台';
  let shellOrigin = '';

  test.beforeAll(async ({ workerHosts }) => {
    // Another build of the header: its visible text differs, nothing else. Its compressed copies went with the
    // old text, so they go (a deploy publishes them from the new build).
    const header = copyBuild(distOf('remote-header'), path.join(ARTIFACTS, 'header-skew'));
    for (const file of fs.readdirSync(header, { recursive: true }) as string[]) {
      const full = path.join(header, file);
      if (/\.(br|gz)$/.test(file)) fs.rmSync(full);
      else if (file.endsWith('.js')) fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll(OLD_TEXT, NEW_TEXT));
    }
    const served = await workerHosts.serve(header);
    const shell = deployShellCopy('shell-skew', (config) => setRemote(config, 'header', manifestUrl(served.port)));
    shellOrigin = (await workerHosts.serve(shell)).origin;
  });

  test('only the header is rendered afresh, with its new text, said once and sent to the statistics naming its slot; the rest keeps its nodes; never blank', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[hydration]')) warnings.push(message.text());
    });
    // The statistics events the page sends of it (field data's beacons go to the same path, as another type).
    const mismatches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith(API_PATHS.statsLog)) return;
      const event = JSON.parse(request.postData() ?? '{}') as { type?: string; detail?: unknown };
      if (event.type === 'hydration-mismatch') mismatches.push(event.detail);
    });
    const errors = watchErrors(page);
    await markServerNodes(page);
    // Whether the header was ever missing from the page, at any change of it once the page is parsed.
    await page.addInitScript(() => {
      const seen = { blank: false };
      Object.assign(window, { __headerSeen: seen });
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('#root header.site-header')) seen.blank = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.goto(`${shellOrigin}/`);
    await waitForApp(page);
    await expect(page.locator('header.site-header')).toContainText(NEW_TEXT);
    const landmarks = await page.evaluate(() => {
      const nodes = (window as unknown as { __serverNodes: Element[] }).__serverNodes;
      return nodes.map((node) => `${node.tagName.toLowerCase()}${node.closest('header') ? ' (header)' : ''}:${node.isConnected}`);
    });
    expect(landmarks).toEqual(['header (header):false', 'h1:true', 'footer:true']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[hydration\] header/);
    await expect.poll(() => mismatches).toEqual([{ remote: 'header', slot: 'header/Header' }]);
    expect(await page.evaluate(() => (window as unknown as { __headerSeen: { blank: boolean } }).__headerSeen.blank)).toBe(false);
    expect(errors).toEqual([]);
  });
});
