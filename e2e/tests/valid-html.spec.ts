import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { activityPath, APP_PAGE, buildPaths, PAGE_STATE_ID, REMOTE_PARTS, SHELL_PART } from '@wenrun/shared/node';
import { nuErrors } from '../tools/nuChecker';
import { pageFile } from '@wenrun/deploy/assemble/pages/pageFiles';
import { LISTED_ACTIVITIES, SAMPLE_ACTIVITY } from '../support/activities';
import { expect, test } from '../support/fixtures';
import { distOf, ROOT } from '../support/site';

/**
 * Every page of the site as bytes: those the build writes (read as written) and those the render server sends
 * (as a visitor gets them). No control character in any of them (React 18.3.1's Node writer once put U+0000 into
 * Chinese text, see shell/src/server/renderToHtml.ts), and each valid for the Nu HTML checker, its critical CSS
 * included; so is every stylesheet the build ships.
 */
const WRITTEN_AT_BUILD = [...buildPaths(), ...LISTED_ACTIVITIES.map((activity) => activityPath(activity.id))];
const SENT_PER_REQUEST = [`/search/${encodeURIComponent('课程')}`, activityPath(SAMPLE_ACTIVITY.id), '/no-such-page', activityPath(999), `/${APP_PAGE}`];

interface SitePage {
  /** Where a visitor asks for it, and how this test got it. */
  name: string;
  bytes: Buffer;
}

async function sitePages(request: APIRequestContext): Promise<SitePage[]> {
  const written = WRITTEN_AT_BUILD.map((pathname) => ({ name: `${pathname}（构建时写出）`, bytes: fs.readFileSync(pageFile(distOf(SHELL_PART.folder), pathname)) }));
  const sent = await Promise.all(
    SENT_PER_REQUEST.map(async (pathname) => {
      const response = await request.get(pathname);
      expect(response.status(), pathname).toBeLessThan(500);
      expect(response.headers()['content-type'], pathname).toMatch(/^text\/html/);
      const bytes = await response.body();
      // Rendered by the render server, not the client page it falls back to (which is checked as itself).
      if (pathname !== `/${APP_PAGE}`) expect(bytes.toString(), pathname).toContain(`id="${PAGE_STATE_ID}"`);
      return { name: `${pathname}（${response.status()}）`, bytes };
    }),
  );
  return [...written, ...sent];
}

/** C0 and C1 controls but the whitespace HTML allows (tab, line feed, form feed, carriage return), and DEL. */
function isControl(code: number): boolean {
  return (code <= 0x1f && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || (code >= 0x7f && code <= 0x9f);
}

/** Each control character of `bytes` with its byte offset and the text around it; or why they are not UTF-8. */
function controlCharacters(bytes: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    return [`不是 UTF-8：${String(error)}`];
  }
  const found: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isControl(code)) continue;
    const around = JSON.stringify(text.slice(Math.max(0, index - 8), index + 8));
    found.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')} 在第 ${Buffer.byteLength(text.slice(0, index))} 字节：${around}`);
  }
  return found;
}

test('no page holds a control character, and every one is UTF-8', async ({ request }) => {
  const pages = await sitePages(request);
  expect(pages).toHaveLength(WRITTEN_AT_BUILD.length + SENT_PER_REQUEST.length);
  for (const page of pages) expect.soft(controlCharacters(page.bytes), page.name).toEqual([]);
});

test('the Nu HTML checker finds no error in any page', async ({ request }, testInfo) => {
  const pages = await sitePages(request);
  const files = pages.map((page, index) => {
    const file = testInfo.outputPath(`page-${index}.html`);
    fs.writeFileSync(file, page.bytes);
    return file;
  });
  const errors = nuErrors(files, 'html');
  pages.forEach((page, index) => {
    const found = errors.filter((error) => error.file === files[index]).map((error) => `${error.at} ${error.message}${error.extract ? `（${error.extract}）` : ''}`);
    expect.soft(found, page.name).toEqual([]);
  });
});

test('the Nu HTML checker finds no error in any stylesheet the build ships', () => {
  const stylesheets = [SHELL_PART.folder, ...Object.values(REMOTE_PARTS).map((part) => part.folder)].flatMap((folder) =>
    (fs.readdirSync(distOf(folder), { recursive: true }) as string[]).filter((file) => file.endsWith('.css')).map((file) => path.join(distOf(folder), file)),
  );
  expect(stylesheets.length).toBeGreaterThan(5);
  const errors = nuErrors(stylesheets, 'css');
  for (const stylesheet of stylesheets) {
    const found = errors.filter((error) => error.file === stylesheet).map((error) => `${error.at} ${error.message}`);
    expect.soft(found, path.relative(ROOT, stylesheet)).toEqual([]);
  }
});
