import { VISITOR_FLOWS } from '../flows';
import { waitForApp } from '../flows/flow';
import { expect, test } from '../support/engines';

/**
 * The visitor flows (e2e/flows/), one suite for every engine: this file runs in the `site` project in Chromium and in
 * the `firefox` project in Firefox ESR (playwright.config.ts). Each flow asserts what the visitor gets; this adds
 * that the page threw nothing and logged no error on the way.
 */
for (const flow of VISITOR_FLOWS) {
  test(flow.name, async ({ visitorPage, request, hosts }, testInfo) => {
    await flow.run(visitorPage, { request, hosts, outputPath: (name) => testInfo.outputPath(name) });
    expect(await visitorPage.errors(flow.expectedErrors)).toEqual([]);
  });
}

// The check above is only as good as what the engine's driver reports: a broken page must show in it.
test('an uncaught exception and a console error of the page are reported', async ({ visitorPage }) => {
  await visitorPage.goto('/');
  await waitForApp(visitorPage);
  await visitorPage.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('页面出错（测试）');
    });
    console.error(new RangeError('控制台报错（测试）'));
  });
  await expect.poll(() => visitorPage.errors()).toEqual([
    expect.stringMatching(/^console: RangeError: 控制台报错（测试）/),
    expect.stringMatching(/^pageerror: (TypeError: )?页面出错（测试）/),
  ]);
});
