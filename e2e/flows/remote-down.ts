import { expect } from '@playwright/test';
import { E2E_PORTS } from '../support/ports';
import { deployShellCopy, manifestUrl, setRemote } from '../support/site';
import { siteFooter, siteHeader, waitForApp, type VisitorFlow } from './flow';

export const REMOTE_DOWN_FLOWS: VisitorFlow[] = [
  {
    name: 'a remote down: the header slot says so in Chinese, the rest of the page works',
    // The header's address refuses connections: the failed load is logged, naming that address (by the shell, and by
    // React for the slot's error boundary), and Chromium logs the refused request itself.
    expectedErrors: [new RegExp(`localhost:${E2E_PORTS.closed}/remoteEntry\\.js`), /^console: Failed to load resource: net::ERR_CONNECTION_REFUSED$/],
    run: async (page, { hosts }) => {
      const shell = await hosts.serve(
        deployShellCopy(`visitor-flows-header-down-${page.engine}`, (config) => setRemote(config, 'header', manifestUrl(E2E_PORTS.closed))),
      );
      await page.goto(`${shell.origin}/`);
      await waitForApp(page);
      await expect
        .poll(() => page.texts({ css: '.site__header-slot.remote-slot--failed[role="alert"]' }))
        .toEqual([expect.stringContaining('页头暂时无法加载')]);
      expect(await page.count(siteHeader)).toBe(0);
      expect((await page.texts({ css: 'main#main' })).join(' ')).toContain('我们提供');
      expect((await page.texts(siteFooter)).join(' ')).toContain('联系我们');

      await page.click({ css: '.home-offerings a[href="/about/2"]' });
      await expect.poll(async () => (await page.url()).pathname).toBe('/about/2');
      await expect.poll(() => page.count({ css: 'article.about-page' })).toBe(1);
    },
  },
];
