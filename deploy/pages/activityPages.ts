import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_PREFIX,
  activityImagePath,
  activityPath,
  API_PATHS,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  type ActivityList,
  type ActivitySummary,
  type Envelope,
} from '@wenrun/shared/node';
import { coverPng } from '../../render-server/src/render/images';
import type { SiteRenderer } from '../../render-server/src/render/siteRenderer';
import { pageFile, removePageFile, writePageFile } from './pageFiles';

const LIST_PAGE_SIZE = 100;

/**
 * Every activity that is online, from the list form of `activityPageList1.0`. An API that does not answer is an
 * error, never an empty list: the pages of every activity would be removed.
 */
export async function listActivities(apiTarget: string): Promise<ActivitySummary[]> {
  const all: ActivitySummary[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${apiTarget}${API_PATHS.activityPage}`, {
      method: 'POST',
      body: new URLSearchParams({ page: String(page), size: String(LIST_PAGE_SIZE) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`活动列表：HTTP ${response.status}`);
    const envelope = (await response.json()) as Envelope<ActivityList>;
    if (envelope.header.code !== SUCCESS_CODE) throw new Error(`活动列表：${envelope.header.codeMsg}`);
    all.push(...envelope.data.list);
    if (envelope.data.list.length < LIST_PAGE_SIZE || all.length >= envelope.data.total) return all;
  }
}

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

async function fetchCover(apiTarget: string, cover: string): Promise<Buffer> {
  const response = await fetch(new URL(cover, apiTarget), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`封面 ${cover}：HTTP ${response.status}`);
  return coverPng(Buffer.from(await response.arrayBuffer()), response.headers.get('content-type') ?? '');
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
  const activities = await listActivities(apiTarget);
  const result: ActivityPagesResult = { written: [], removed: [], failed: [] };
  for (const activity of activities) {
    const id = String(activity.id);
    const pathname = activityPath(id);
    const outcome = await renderer.render(pathname);
    if (outcome.kind !== 'page' || outcome.status !== 200 || outcome.failedSlots.length) {
      const why = outcome.kind === 'unavailable' ? outcome.reason : outcome.kind === 'page' ? `状态 ${outcome.status}，${outcome.failedSlots.join('、') || '无'}未渲染` : '被重定向';
      result.failed.push(`${pathname}：${why}`);
      continue;
    }
    try {
      writePageFile(path.join(shellDir, activityImagePath(id)), await fetchCover(apiTarget, activity.cover));
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
