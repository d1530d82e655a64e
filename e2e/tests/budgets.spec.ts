import { expect, test } from '@playwright/test';
import { REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { MEASURED_PATHS } from '@wenrun/deploy/assemble/budgets/data';
import { remoteCopies, routeReport, siteBuildAt, type PageFile } from '@wenrun/deploy/assemble/budgets/pageFiles';
import { SITE_ORIGIN } from '../support/ports';
import { ROOT, waitForApp } from '../support/site';

/** Where the browser fetches a file of the build from: its part's origin in `npm start`. */
function urlOf({ part, file }: PageFile): string {
  const port = part.name === 'shell' ? SHELL_PART.port : REMOTE_PARTS[part.name as keyof typeof REMOTE_PARTS].port;
  return `http://localhost:${port}/${file}`;
}

/**
 * `npm run budgets` adds up files from what the build says; a budget is worth what that model is. Each measured page
 * is loaded cold in Chromium as a visitor whose view is not sampled for field data (production samples one in ten):
 * the scripts and stylesheets it fetches must be the files the model names, and their bytes as sent agree within 3 %.
 */
for (const pathname of MEASURED_PATHS) {
  test(`${pathname}: the browser fetches the JS and CSS the budget counts, and as many bytes within 3 %`, async ({ page }) => {
    await page.route('**/runtime-config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { fieldData: { sampleRate: number } };
      await route.fulfill({ response, json: { ...config, fieldData: { ...config.fieldData, sampleRate: 0 } } });
    });
    const fetched: Promise<[string, number]>[] = [];
    page.on('requestfinished', (request) => {
      if (!['script', 'stylesheet'].includes(request.resourceType())) return;
      fetched.push(request.sizes().then((sizes) => [request.url(), sizes.responseBodySize]));
    });
    await page.goto(new URL(encodeURI(pathname), SITE_ORIGIN).href);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');

    const measured = new Map(await Promise.all(fetched));
    const site = siteBuildAt(ROOT);
    const report = routeReport(site, pathname);
    const counted = report.files.filter((file) => file.kind === 'js' || file.kind === 'css').map(urlOf);
    // A shared package the shell lacks runs from whichever shown remote's entry registered first: any one copy.
    const copies = [...remoteCopies(site, pathname)].map(([key, options]) => ({ key, options: options.map((copy) => copy.map(urlOf).sort()) }));
    const isCopy = (url: string) => copies.some(({ options }) => options.flat().includes(url));
    expect([...measured.keys()].filter((url) => !isCopy(url)).sort()).toEqual(counted.filter((url) => !isCopy(url)).sort());
    for (const { key, options } of copies) {
      const fetchedCopy = [...measured.keys()].filter((url) => options.flat().includes(url)).sort();
      expect(options, `${key}：浏览器取了 ${fetchedCopy.join('、')}`).toContainEqual(fetchedCopy);
    }
    const sent = [...measured.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(Math.abs(report.codeSent - sent) / sent, `预算 ${report.codeSent} 字节，浏览器 ${sent} 字节`).toBeLessThanOrEqual(0.03);
  });
}
