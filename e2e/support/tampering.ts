import fs from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_PARTS, RUNTIME_CONFIG_FILE, type RemoteName } from '@wenrun/shared/node';
import { takeStep } from '@wenrun/deploy/ops/release/release';
import { ARTIFACTS, copyBuild, distOf } from './site';

/**
 * Issue 51's tampering tests (tests/tampering*.spec.ts): a remote's build released on a host of its own by the release
 * step ops run, then changed there as whoever can write to its origin would change it.
 */

/** What the attacker's line does: leaves a mark where it ran (the page's window). */
export const TAMPER_MARK = '__wenrunTampered';
export const TAMPER_LINE = `;globalThis.${TAMPER_MARK}=(globalThis.${TAMPER_MARK}||0)+1;`;

/** A file of the released copy changed on its origin: `change` applied to its text, its `.br`/`.gz` copies gone. */
export function tamper(dir: string, file: string, change: (text: string) => string): void {
  const full = path.join(dir, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, 'utf8')));
  for (const copy of [`${full}.br`, `${full}.gz`]) fs.rmSync(copy, { force: true });
}

interface Hosts {
  serve(root: string): Promise<{ origin: string }>;
}

export interface ReleasedCopy {
  remote: RemoteName;
  /** The copy's folder on its host: the build ops handed over, and what the attacker changes afterwards. */
  dir: string;
  /** Its manifest on its own host. */
  entry: string;
}

/** A remote's build uploaded to a host of its own (not yet in any config). */
export async function uploadCopy(hosts: Hosts, remote: RemoteName, name: string): Promise<ReleasedCopy> {
  const dir = copyBuild(distOf(REMOTE_PARTS[remote].folder), path.join(ARTIFACTS, `${remote}-${name}`));
  const { origin } = await hosts.serve(dir);
  return { remote, dir, entry: `${origin}/${MANIFEST_FILE}` };
}

/**
 * The copy released into a shell's config as ops release a new version, with `npm run release`'s step and the
 * build they hand over (`--build`): the step records its digests, read from the folder before anyone could change
 * the origin. `first`: a canary for everyone, promoted (the copy first, the old entries behind it); `only`: a
 * rollback to it (the copy alone).
 */
export async function releaseCopy(shellDir: string, copy: ReleasedCopy, as: 'first' | 'only'): Promise<void> {
  const step = { configFile: path.join(shellDir, RUNTIME_CONFIG_FILE), remote: copy.remote, reason: '篡改测试的发布', pinsRequired: true };
  if (as === 'only') {
    await takeStep({ ...step, verb: 'rollback', to: copy.entry, build: copy.dir });
    return;
  }
  await takeStep({ ...step, verb: 'canary', entry: copy.entry, percent: 100, build: copy.dir });
  await takeStep({ ...step, verb: 'promote' });
}
