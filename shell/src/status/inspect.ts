import { MANIFEST_FILE, REMOTE_ENTRY_FILE, VERSION_FILE, type BuildInfo } from '@wenrun/shared';
import { entryAddress } from '../remotes/entryAddress';
import { parseBuildInfo, parseManifest, type ManifestFacts, type SharedNeed } from './manifestData';

/**
 * What the console knows of an entry, read as data only: its manifest and `version.json` parsed as JSON and checked
 * field by field, its container fetched as bytes. Nothing a remote built runs in this page, which holds the admin
 * token: a build nobody trusts yet (a canary, an old fallback) could read it from sessionStorage otherwise.
 */
export interface EntryReport {
  remote: string;
  entry: string;
  /** 主地址, 备用 or 灰度 n%. */
  role: string;
  manifestMs?: number;
  exposes?: string[];
  shared?: SharedNeed[];
  build?: BuildInfo;
  /** The container (remoteEntry.js) as fetched, never run: its size and how long it took. */
  container?: { bytes: number; ms: number };
  errors: string[];
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

/** The JSON at `url`, as a value to check, never as code. */
async function readJson(url: string, what: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`${what} HTTP ${response.status}`);
  return JSON.parse(await response.text()) as unknown;
}

/** The container beside the manifest, its bytes counted; a response body is never a script here. */
async function containerSize(entry: string): Promise<number> {
  const response = await fetch(entryAddress(entry), { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One entry of the runtime config: its manifest, its build (`version.json`) and its container, each timed. */
export async function inspectEntry(remote: string, entry: string, role: string): Promise<EntryReport> {
  const report: EntryReport = { remote, entry, role, errors: [] };
  try {
    const { value, ms } = await timed(() => readJson(entry, '清单'));
    const manifest: ManifestFacts = parseManifest(value);
    report.manifestMs = ms;
    report.exposes = manifest.exposes;
    report.shared = manifest.shared;
  } catch (error) {
    report.errors.push(`清单读取失败：${reason(error)}`);
    return report;
  }
  const [build, container] = await Promise.allSettled([
    readJson(new URL(VERSION_FILE, entry).href, VERSION_FILE).then(parseBuildInfo),
    timed(() => containerSize(entry)),
  ]);
  if (build.status === 'fulfilled') report.build = build.value;
  else report.errors.push(`${VERSION_FILE} 读取失败：${reason(build.reason)}`);
  if (container.status === 'fulfilled') report.container = { bytes: container.value.value, ms: container.value.ms };
  else report.errors.push(`${REMOTE_ENTRY_FILE} 无法获取：${reason(container.reason)}`);
  return report;
}

/** The shell's own shared packages and their versions, from the manifest of its build (on this page's origin). */
export async function readShellShared(): Promise<SharedNeed[]> {
  return parseManifest(await readJson(`/${MANIFEST_FILE}`, '外壳清单')).shared;
}
