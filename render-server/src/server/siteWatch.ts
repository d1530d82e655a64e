import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  MANIFEST_FILE,
  REMOTE_NAMES,
  routeOf,
  VERSION_FILE,
  type RemoteName,
  type RuntimeConfig,
} from '@wenrun/shared/node';
import { createActivityApi } from '../render/activityApi';

const CHECK_TIMEOUT_MS = 3_000;

/** Which build of a remote the render server renders with, as its folder says (`version.json`). */
export interface RemoteVersion {
  entry: string;
  version?: string;
  gitHash?: string;
  builtAt?: string;
  /** Why its manifest could not be read at the last check. */
  error?: string;
}

/** What the watch saw at one check: a fingerprint of each thing that, changed, changes pages. */
export interface SiteSnapshot {
  config: string;
  manifests: Record<RemoteName, string>;
  versions: Record<RemoteName, RemoteVersion>;
  /** `updatedAt` of each listed activity, by id; `null` when the list could not be read. */
  activities: Map<string, string> | null;
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function fetchText(url: string, init?: RequestInit): Promise<string> {
  const response = await fetch(url, { ...init, cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

async function remoteVersion(entry: string): Promise<[manifest: string, version: RemoteVersion]> {
  try {
    const manifest = await fetchText(entry);
    const base = entry.slice(0, entry.length - MANIFEST_FILE.length);
    const info = JSON.parse(await fetchText(`${base}${VERSION_FILE}`).catch(() => '{}')) as Omit<RemoteVersion, 'entry'>;
    return [fingerprint(manifest), { entry, version: info.version, gitHash: info.gitHash, builtAt: info.builtAt }];
  } catch (error) {
    return ['', { entry, error: error instanceof Error ? error.message : String(error) }];
  }
}

/** `updatedAt` of each listed activity, by id; `null` when the list could not be read. */
async function listedActivities(config: RuntimeConfig): Promise<Map<string, string> | null> {
  const activities = await createActivityApi(config.apiBaseUrl, CHECK_TIMEOUT_MS).listActivities().catch(() => null);
  return activities && new Map(activities.map((activity) => [String(activity.id), activity.updatedAt]));
}

/** One look at everything the pages depend on outside this process. */
export async function snapshotSite(configFile: string, config: RuntimeConfig): Promise<SiteSnapshot> {
  const configText = await fs.readFile(configFile, 'utf8').catch(() => '');
  const [remotes, activities] = await Promise.all([
    Promise.all(REMOTE_NAMES.map((remote) => remoteVersion(config.remotes[remote][0] ?? ''))),
    listedActivities(config),
  ]);
  return {
    config: fingerprint(configText),
    manifests: Object.fromEntries(REMOTE_NAMES.map((remote, index) => [remote, remotes[index]?.[0] ?? ''])) as Record<RemoteName, string>,
    versions: Object.fromEntries(REMOTE_NAMES.map((remote, index) => [remote, remotes[index]?.[1]])) as Record<RemoteName, RemoteVersion>,
    activities,
  };
}

export interface SiteChanges {
  config: boolean;
  /** Remotes whose manifest changed (a new build published at the same address). */
  remotes: RemoteName[];
  /** Activities edited, taken offline or newly listed since the last look. */
  activities: string[];
}

export function changesBetween(before: SiteSnapshot, after: SiteSnapshot): SiteChanges {
  const activities: string[] = [];
  if (before.activities && after.activities) {
    for (const [id, updatedAt] of before.activities) if (after.activities.get(id) !== updatedAt) activities.push(id);
    // Listed since the last look: its page may have been kept before the list named it, and edited since.
    for (const id of after.activities.keys()) if (!before.activities.has(id)) activities.push(id);
  }
  return {
    config: before.config !== after.config,
    // A manifest that could not be read is no new build: the one loaded stays until a readable one differs.
    remotes: REMOTE_NAMES.filter((remote) => after.manifests[remote] !== '' && before.manifests[remote] !== after.manifests[remote]),
    activities,
  };
}

/**
 * The snapshot to compare the next check with. A check that could not read the activity list keeps the last list
 * it could read: compared with nothing, an activity taken offline during an API hiccup would never be noticed,
 * and its page would stay until the cache's age limit.
 */
export function carriedForward(before: SiteSnapshot, after: SiteSnapshot): SiteSnapshot {
  return after.activities ? after : { ...after, activities: before.activities };
}

/**
 * Cached activity pages (by path) of activities the list does not have: an activity published and taken offline
 * between two checks was never in a list to be seen leaving, so its page is found by what is cached.
 */
export function unlistedActivityPages(cached: Iterable<string>, after: SiteSnapshot): string[] {
  const listed = after.activities;
  if (!listed) return [];
  return [...cached].filter((path) => !listed.has(routeOf(path).params.id ?? ''));
}
