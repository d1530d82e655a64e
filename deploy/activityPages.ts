/**
 * The prerendered activity pages `/wuyou/{id}`, one for every activity the API lists, written into the shell's
 * served folder (`wuyou/3/index.html`). They need the shell's folder (its app.html, runtime config and hashed
 * files), a build of remote-wuyou and the API, nothing else: `npm run prerender` renders them from the local
 * builds, and remote-wuyou's deploy renders them again from the build it has just published, so the pages always
 * match the live activity page while the activity team deploys on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '../shared/src/api/endpoints';
import { ACTIVITY_PREFIX, activityPath } from '../shared/src/content/routes';
import { SUCCESS_CODE } from '../shared/src/constants';
import { askApi, openSiteRenderer, pageFile } from './siteRenderer';

/** How many unknown ids in a row end the search for more. */
const MISSES_TO_STOP = 3;
const HIGHEST_ID = 200;

/**
 * Activity ids, found by asking for 1, 2, 3 … until three in a row are unknown (the API has no list call). An
 * API that does not answer is an error, not an empty list: the pages of every activity would be removed.
 */
export async function activityIds(apiTarget: string): Promise<number[]> {
  const ids: number[] = [];
  for (let id = 1, misses = 0; misses < MISSES_TO_STOP && id <= HIGHEST_ID; id++) {
    const envelope = await askApi(apiTarget, API_PATHS.activityPage, { id: String(id) });
    if (envelope.header.code === SUCCESS_CODE) {
      ids.push(id);
      misses = 0;
    } else misses++;
  }
  return ids;
}

/** Folder names under `wuyou/` that a prerendered activity page can have. */
const ACTIVITY_FOLDER = /^[1-9]\d*$/;

/**
 * Removes the pages of activities not in `ids` (taken offline): their path then gets the client-rendered page,
 * which says the activity is not found. Anything else in the folder is not the prerender's and stays.
 */
export function removeUnlistedActivityPages(shellDir: string, ids: number[]): string[] {
  const folder = path.join(shellDir, ACTIVITY_PREFIX);
  if (!fs.existsSync(folder)) return [];
  const listed = new Set(ids.map(String));
  const removed: string[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    const file = pageFile(shellDir, activityPath(name));
    if (!ACTIVITY_FOLDER.test(name) || listed.has(name) || !fs.existsSync(file)) continue;
    fs.rmSync(file);
    removed.push(activityPath(name));
    if (fs.readdirSync(path.dirname(file)).length === 0) fs.rmdirSync(path.dirname(file));
  }
  return removed;
}

export interface ActivityPagesResult {
  written: { pathname: string; title: string }[];
  removed: string[];
}

/**
 * Renders and writes the page of every listed activity, then removes those of activities no longer listed. A
 * page that renders an error state is not written (its old file, if any, stays) and fails the whole run once
 * the others are done.
 */
export async function prerenderActivityPages({ shellDir, wuyouDir }: { shellDir: string; wuyouDir: string }): Promise<ActivityPagesResult> {
  const renderer = await openSiteRenderer({ shellDir, remoteDirs: { wuyou: wuyouDir } });
  try {
    const ids = await activityIds(renderer.api.target);
    const written: ActivityPagesResult['written'] = [];
    const failures: string[] = [];
    for (const id of ids) {
      const pathname = activityPath(id);
      try {
        const rendered = await renderer.render(pathname);
        renderer.write(pathname, rendered);
        written.push({ pathname, title: rendered.head.title });
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    const removed = removeUnlistedActivityPages(shellDir, ids);
    if (failures.length) throw new Error(`${failures.length} 个活动页没有写入：${failures.join('；')}`);
    return { written, removed };
  } finally {
    await renderer.close();
  }
}
