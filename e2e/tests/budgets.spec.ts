import { expect, test } from '@playwright/test';
import { MEASURED_PATHS } from '../../deploy/budgets/data';
import { routeReport, siteBuildAt, type SizedFile } from '../../deploy/budgets/pageFiles';
import { REMOTE_PARTS, SHELL_PART } from '../../shared/src/config/parts';
import { SITE_ORIGIN } from '../support/ports';
import { ROOT, waitForApp } from '../support/site';

/** Where the browser fetches a file of the build from: its part's origin in `npm start`. */
function urlOf({ part, file }: SizedFile): string {
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
    const report = routeReport(siteBuildAt(ROOT), pathname);
    const counted = report.files.filter((file) => file.kind === 'js' || file.kind === 'css');
    expect([...measured.keys()].sort()).toEqual(counted.map(urlOf).sort());
    const sent = [...measured.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(Math.abs(report.codeSent - sent) / sent, `预算 ${report.codeSent} 字节，浏览器 ${sent} 字节`).toBeLessThanOrEqual(0.03);
  });
}
