import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the build reads of a part's package.json: its name and version, and the versions it depends on. */
export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** The commit a build comes from; `unknown` outside a git checkout (a tarball, a copy). */
export function gitShortHash(dir: string): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}
