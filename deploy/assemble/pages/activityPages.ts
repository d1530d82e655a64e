import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_PREFIX,
  activityImagePath,
  activityPath,
  pageTarget,
  REQUEST_TIMEOUT_MS,
} from '@wenrun/shared/node';
import { createActivityApi } from '@wenrun/render-server/render/activityApi';
import type { SiteRenderer } from '@wenrun/render-server/render/siteRenderer';
import { pageFile, removePageFile, writePageFile } from './pageFiles';

/** Folder names under `wuyou/` that an activity's page can have. */
const ACTIVITY_FOLDER = /^[1-9]\d*$/;

/** The files the build writes for one activity: its page and the picture of its shared link. */
function activityFiles(shellDir: string, id: string): string[] {
  return [pageFile(shellDir, activityPath(id)), path.join(shellDir, activityImagePath(id))];
}

/**
 * Removes the files of activities not in `listed` (taken offline): their path then gets the render server or the
 * client-rendered page, which say the activity is not found. Anything else in the folder is not the build's and
 * stays.
 */
export function removeUnlistedActivityPages(shellDir: string, listed: Set<string>): string[] {
  const folder = path.join(shellDir, ACTIVITY_PREFIX);
  if (!fs.existsSync(folder)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    if (!ACTIVITY_FOLDER.test(name) || listed.has(name)) continue;
    const files = activityFiles(shellDir, name).filter((file) => fs.existsSync(file));
    if (!files.length) continue;
    for (const file of files) removePageFile(file);
    removed.push(activityPath(name));
    const dir = path.join(folder, name);
    if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
  return removed;
}

export interface ActivityPagesResult {
  written: { pathname: string; title: string }[];
  removed: string[];
  /** Activities whose page was not written (its old page, if any, stays), with why. */
  failed: string[];
}

/**
 * Writes the page and the shared-link picture of every listed activity, then removes those of activities no longer
 * listed. A page that cannot be rendered as it should be is not written.
 */
export async function writeActivityPages(renderer: SiteRenderer, shellDir: string, apiTarget: string): Promise<ActivityPagesResult> {
  const api = createActivityApi(apiTarget, REQUEST_TIMEOUT_MS);
  const activities = await api.listActivities();
  const result: ActivityPagesResult = { written: [], removed: [], failed: [] };
  for (const activity of activities) {
    const id = String(activity.id);
    const pathname = activityPath(id);
    const outcome = await renderer.render(pageTarget(pathname));
    if (outcome.kind !== 'page' || outcome.status !== 200 || outcome.failedSlots.length) {
      const why = outcome.kind === 'unavailable' ? outcome.reason : outcome.kind === 'page' ? `状态 ${outcome.status}，${outcome.failedSlots.join('、') || '无'}未渲染` : '被重定向';
      result.failed.push(`${pathname}：${why}`);
      continue;
    }
    try {
      writePageFile(path.join(shellDir, activityImagePath(id)), await api.coverPicture(id));
    } catch (error) {
      result.failed.push(`${pathname}：${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    writePageFile(pageFile(shellDir, pathname), outcome.html);
    result.written.push({ pathname, title: outcome.head.title });
  }
  result.removed = removeUnlistedActivityPages(shellDir, new Set(activities.map((activity) => String(activity.id))));
  return result;
}
