/**
 * Publishing a build of a remote into the folder the server serves, while visitors keep loading it (every remote's
 * deploy: `npm run deploy -- --remote <name>`, deploy/ops/deployRemote.ts).
 *
 * The order is what makes it safe. Content-hashed files (cached a year, immutable) never change under a name, so
 * the new ones are added first and the old ones stay. Only then are the files that say which build is current
 * (remoteEntry.js, the manifests, version.json: served no-cache) replaced, each by an atomic rename.
 * At every moment every file any of those names exists, whether a visitor got the old manifest or the new one.
 * Old hashed files are removed only after a grace period (a page opened before the deploy may still lazy-load
 * them), or at once with `prune`.
 *
 * Each file goes with its `.br` and `.gz` copies (made from the build before anything is published), the copies
 * first: a server that sends a compressed copy never sends one of another build than the file beside it.
 *
 * The deploy's own bookkeeping lives beside the served folder, never in it, so the server cannot hand it out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type BuildInfo, DAY_MS, MANIFEST_FILE, REMOTE_ENTRY_FILE, VERSION_FILE } from '@wenrun/shared/node';
import { temporaryFor, writeFileAtomically } from '../atomicFile';
import { compressFolder, ENCODINGS } from '../assemble/compress';
import { cacheControlFor } from '../serve/headers';

/**
 * Replaced last, in this order (any other such file before them); the manifest the shell reads goes with the
 * version file that describes it.
 */
const POINTER_ORDER = [REMOTE_ENTRY_FILE, 'mf-manifest-stats.json', MANIFEST_FILE, VERSION_FILE];

export const DEFAULT_GRACE_DAYS = 7;

/** `main.1a2b3c4d.js` for `main.1a2b3c4d.js.br`: the file a compressed copy stands for. */
function uncompressed(file: string): string {
  return file.replace(/\.(br|gz)$/, '');
}

/** A file the servers cache for a year (or a compressed copy of one): its name changes whenever its content does. */
export function isHashedFile(file: string): boolean {
  return cacheControlFor(`/${uncompressed(file)}`).includes('immutable');
}

/** Replaced in POINTER_ORDER, each file's compressed copies just before it. */
function pointerRank(file: string): number {
  const base = uncompressed(file);
  return POINTER_ORDER.indexOf(base) * 2 + (file === base ? 1 : 0);
}

/** Every file below `dir`, as `/`-separated paths relative to it; dot-files (temporary names) are skipped. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string } };
  shared?: { assets?: ManifestAssets }[];
  exposes?: { assets?: ManifestAssets }[];
}

/** The files a federation manifest tells the browser to load. */
export function filesOfManifest(dir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  const groups = [...(manifest.shared ?? []), ...(manifest.exposes ?? [])].map((entry) => entry.assets ?? {});
  const files = groups
    .flatMap(({ js, css }) => [js, css])
    .flatMap((kind) => [...(kind?.sync ?? []), ...(kind?.async ?? [])]);
  const entry = manifest.metaData?.remoteEntry?.name;
  return [...new Set([...(entry ? [entry] : []), ...files])].sort();
}

/** Files a manifest in `dir` names that are not there: must stay empty for a folder that is served. */
export function missingFiles(dir: string): string[] {
  return filesOfManifest(dir).filter((file) => !fs.existsSync(path.join(dir, file)));
}

export function readBuildInfo(dir: string): BuildInfo {
  return JSON.parse(fs.readFileSync(path.join(dir, VERSION_FILE), 'utf8')) as BuildInfo;
}

/** A build folder fit to publish: a manifest, an entry and a version file, and every file they name. */
export function checkBuild(dir: string): BuildInfo {
  for (const required of [MANIFEST_FILE, REMOTE_ENTRY_FILE, VERSION_FILE]) {
    if (!fs.existsSync(path.join(dir, required))) throw new Error(`构建目录 ${dir} 缺少 ${required}`);
  }
  const missing = missingFiles(dir);
  if (missing.length) throw new Error(`构建目录 ${dir} 的 ${MANIFEST_FILE} 引用了不存在的文件：${missing.join('、')}`);
  return readBuildInfo(dir);
}

/** Where the deploy keeps its own files for a served folder: beside it, named after it. */
export function besideTarget(target: string, suffix: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${suffix}`);
}

/** Hashed files no longer in the live build, with when they stopped being live (ISO time). */
type RetiredFiles = Record<string, string>;

function readRetired(file: string): RetiredFiles {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RetiredFiles;
  } catch {
    return {};
  }
}

/**
 * Moves a file into the served folder in one step (a rename replaces the old file atomically). Across file
 * systems a rename is impossible: the file is copied to a hidden name beside its destination first.
 */
function moveInto(source: string, destination: string): void {
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  try {
    fs.renameSync(source, destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const temporary = temporaryFor(destination);
    fs.copyFileSync(source, temporary);
    fs.renameSync(temporary, destination);
  }
}

/** One deploy at a time per served folder; a lock left by a deploy that died is taken over. */
function withLock<T>(target: string, run: () => T): T {
  const lock = besideTarget(target, 'deploy.lock');
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    if (isRunning(holder)) {
      throw new Error(`另一个部署（进程 ${holder}）正在发布到 ${target}，请稍后再试`, { cause: error });
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type PublishStep = { kind: 'added' | 'replaced' | 'removed'; file: string };

export interface PublishOptions {
  /** A build folder; its files are moved out of it (renamed when on the same file system as `target`). */
  staging: string;
  /** The folder the server serves. Created when missing. */
  target: string;
  now?: Date;
  /** Old hashed files are kept this long after they stop being live. */
  graceDays?: number;
  /** Remove every hashed file the new build does not use, now. */
  prune?: boolean;
  /** Called after each change to the served folder (the tests check the folder at every step). */
  onStep?: (step: PublishStep) => void;
}

export interface PublishResult {
  info: BuildInfo;
  added: number;
  kept: number;
  removed: number;
}

export function publishBuild(options: PublishOptions): PublishResult {
  const info = checkBuild(options.staging);
  compressFolder(options.staging);
  fs.mkdirSync(options.target, { recursive: true });
  return withLock(options.target, () => publishLocked(options, info));
}

function publishLocked(
  { staging, target, now = new Date(), graceDays = DEFAULT_GRACE_DAYS, prune = false, onStep }: PublishOptions,
  info: BuildInfo,
): PublishResult {
  const files = listFiles(staging);
  const hashed = files.filter(isHashedFile);
  const pointers = files.filter((file) => !isHashedFile(file)).sort((a, b) => pointerRank(a) - pointerRank(b));

  // 1. New hashed files. One already there has the same content (same hash): it is left alone.
  let added = 0;
  for (const file of hashed) {
    const destination = path.join(target, file);
    if (fs.existsSync(destination)) continue;
    moveInto(path.join(staging, file), destination);
    added += 1;
    onStep?.({ kind: 'added', file });
  }

  // 2. The files that say which build is current, each replaced in one step; a compressed copy the new build
  // has none of (the file is now too small to need one) goes with it.
  const staged = new Set(files);
  for (const file of pointers) {
    moveInto(path.join(staging, file), path.join(target, file));
    onStep?.({ kind: 'replaced', file });
    if (file !== uncompressed(file)) continue;
    for (const { extension } of ENCODINGS) {
      if (!staged.has(`${file}${extension}`)) fs.rmSync(path.join(target, `${file}${extension}`), { force: true });
    }
  }

  // 3. Old hashed files: note when each stopped being live; remove those past the grace period.
  const retiredLog = besideTarget(target, 'retired.json');
  const live = new Set(hashed);
  const previously = readRetired(retiredLog);
  const kept: RetiredFiles = {};
  let removed = 0;
  for (const file of listFiles(target).filter((name) => isHashedFile(name) && !live.has(name))) {
    const noted = new Date(previously[file] ?? Number.NaN);
    const since = Number.isNaN(noted.getTime()) ? now : noted;
    if (prune || now.getTime() - since.getTime() >= graceDays * DAY_MS) {
      fs.rmSync(path.join(target, file), { force: true });
      removed += 1;
      onStep?.({ kind: 'removed', file });
    } else {
      kept[file] = since.toISOString();
    }
  }
  writeFileAtomically(retiredLog, `${JSON.stringify(kept, null, 2)}\n`);

  return { info, added, kept: Object.keys(kept).length, removed };
}
