import { REMOTE_ENTRY_FILE, REMOTE_PARTS } from '@wenrun/shared/node';
import { waitForApp } from '../flows/flow';
import { exposeChunk } from '../support/chaos-remotes';
import { expect, test } from '../support/engines';
import { deployShellCopy } from '../support/site';
import { releaseCopy, tamper, TAMPER_LINE, TAMPER_MARK, uploadCopy } from '../support/tampering';
import type { VisitorPage } from '../support/visitor-page';

/**
 * Issue 51: whoever can change a file on a remote's origin after ops released it must not get code into a visitor's
 * page, in Chromium (project `site`) or in Firefox (project `firefox`). Each test releases a copy of remote-about on
 * a host of its own with the release step ops run (`npm run release` with the build they hand over, which records its
 * digests), then changes its files there: a line appended to the exposed chunk or the container (the compressed
 * copies removed, so the server sends the changed file). The browser never reads a manifest (it loads the container
 * beside it, shell/src/remotes/entryAddress.ts): a changed manifest is the render server's (tampering-render.spec.ts).
 * Seen failing before the release step recorded digests: the line ran in the page.
 */

type Hosts = Parameters<typeof uploadCopy>[0];

/** remote-about released on a host of its own, first in the shell's config (`first`: npm start's about behind it). */
async function released(hosts: Hosts, name: string, as: 'first' | 'only') {
  const copy = await uploadCopy(hosts, 'about', name);
  const shellDir = deployShellCopy(`shell-${name}`, () => undefined);
  await releaseCopy(shellDir, copy, as);
  return { ...copy, shellOrigin: (await hosts.serve(shellDir)).origin };
}

/**
 * Whether the attacker's line ran in the page, once the page is up and has loaded all it would (no new resource for
 * half a second): a prerendered page shows the article before any remote code arrives, so its text alone proves nothing.
 */
async function tamperedInPage(page: VisitorPage): Promise<unknown> {
  await waitForApp(page);
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  let count = -1;
  await expect
    .poll(async () => {
      const previous = count;
      count = await loaded();
      return count === previous;
    }, { intervals: [500] })
    .toBe(true);
  return page.evaluate((mark) => (globalThis as Record<string, unknown>)[mark] ?? null, TAMPER_MARK);
}

const fromAddress = (page: VisitorPage, prefix: string) =>
  page.evaluate((start) => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(start)), prefix);

const TAMPERED_FILES = [
  ['the exposed chunk', () => exposeChunk('about', './AboutPage')],
  ['the container', () => REMOTE_ENTRY_FILE],
] as const;

for (const [what, fileOf] of TAMPERED_FILES) {
  test(`a release with npm run release, then about's ${what} changed on its origin: no page runs it, the released build shows from the next entry, the console names the file`, async ({
    visitorPage,
    hosts,
  }) => {
    const copy = await released(hosts, `tampered-${visitorPage.engine}-${what.replace(/\W+/g, '-')}`, 'first');
    const file = fileOf();
    tamper(copy.dir, file, (text) => `${text}${TAMPER_LINE}`);

    await visitorPage.goto(`${copy.shellOrigin}/about/3`);
    expect(await tamperedInPage(visitorPage)).toBeNull();
    await expect.poll(() => visitorPage.count({ css: 'article.about-page' })).toBe(1);
    expect((await visitorPage.errors()).join('\n')).toContain(`[integrity] about 的 ${file}（`);
    // The article came from the next entry: npm start's own about, the build ops released there.
    expect(await fromAddress(visitorPage, `http://localhost:${REMOTE_PARTS.about.port}/`)).toBe(true);
  });
}

test("a changed chunk of a build released alone: the slot's fallback shows, the changed code never runs", async ({ visitorPage, hosts }) => {
  const copy = await released(hosts, `tampered-${visitorPage.engine}-alone`, 'only');
  tamper(copy.dir, exposeChunk('about', './AboutPage'), (text) => `${text}${TAMPER_LINE}`);
  await visitorPage.goto(`${copy.shellOrigin}/about/3`);
  expect(await tamperedInPage(visitorPage)).toBeNull();
  await expect.poll(async () => (await visitorPage.texts({ css: 'main' })).join(' ')).toContain('关于我们页面暂时无法加载');
  expect((await visitorPage.texts({ css: 'footer.site-footer' })).join(' ')).toContain('联系我们');
});
