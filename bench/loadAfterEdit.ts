/**
 * The rows right after an ops edit of the served config (the hotline): nginx `/` and `/about/3`, `npm start` `/`, each
 * started once the page served carries the edit, all within a minute of it (issue 42: a page that is the same for
 * every visitor stays at file speed after an edit).
 */
import fs from 'node:fs';
import https from 'node:https';
import { aboutPath } from '@wenrun/shared/node';
import { ACCEPT, type Origins } from './loadRows';
import type { Measure } from './loadRun';
import { waitFor } from './loadSites';

/** The hotline an edit of the served config sets: the edit the "after" rows follow. */
const EDITED_HOTLINE = '400-800-4242';
/** An edit must be in the page served within this (the minute). */
const EDIT_WITHIN_MS = 60_000;

/**
 * Edits the hotline of the runtime config in `file` as ops would, then waits until `page` serves it: how long that
 * took. The rows measured after it start then, so each runs within the minute after the edit.
 */
async function editHotline(file: string, page: string, get: (url: string) => Promise<string>): Promise<number> {
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { contact?: Record<string, string> };
  config.contact = { ...config.contact, hotline: EDITED_HOTLINE };
  const editedAt = Date.now();
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  while (!(await get(page)).includes(EDITED_HOTLINE)) {
    if (Date.now() - editedAt > EDIT_WITHIN_MS) throw new Error(`${page} 一分钟内没有带上修改后的配置`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tookMs = Date.now() - editedAt;
  console.log(`[load] ${file} 已修改，${(tookMs / 1000).toFixed(1)} 秒后 ${page} 带上了新配置`);
  return tookMs;
}

/** The body of `url` over HTTPS, trusting `ca` alone (the certificate the bench's nginx made). */
function textOver(url: string, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', reject);
  });
}

/** Within a minute of an ops edit: the rows that would have caught issue 42. */
export async function afterEditRows(measure: Measure, wanted: (name: string) => boolean, { npmStart, viaNginx, nginx }: Origins, demoConfigFile: string): Promise<void> {
  const about = aboutPath(3);
  if ([`nginx / 配置修改后`, `nginx ${about} 配置修改后`].some(wanted)) {
    await Promise.all(nginx.renderPorts.map((port) => waitFor(`http://127.0.0.1:${port}/healthz`)));
    await editHotline(nginx.runtimeConfigFile, `${viaNginx}/`, (url) => textOver(url, nginx.ca));
    await measure(`nginx / 配置修改后`, { url: `${viaNginx}/`, connections: 200, headers: ACCEPT });
    await measure(`nginx ${about} 配置修改后`, { url: `${viaNginx}${about}`, connections: 200, headers: ACCEPT });
  }
  if (wanted('npm start / 配置修改后')) {
    await editHotline(demoConfigFile, `${npmStart}/`, async (url) => (await fetch(url)).text());
    await measure('npm start / 配置修改后', { url: `${npmStart}/`, connections: 200, headers: ACCEPT });
  }
}
