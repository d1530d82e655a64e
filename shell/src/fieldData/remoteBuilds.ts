import { VERSION_FILE } from '@wenrun/shared';

/** A remote's build as this page runs it: the entry it was loaded from and that build's version. */
export interface RemoteBuild {
  entry: string;
  version: string;
}

/** Versions longer than this are no version the build wrote (it is `BuildInfo.version`). */
const MAX_VERSION_CHARS = 64;
export const UNKNOWN_VERSION = '未知';

/** The version in the `version.json` beside a remote's container (every build writes one); never throws. */
export async function readVersion(entry: string, fetcher: typeof fetch = fetch): Promise<string> {
  try {
    const response = await fetcher(new URL(VERSION_FILE, entry).href, { cache: 'no-cache' });
    if (!response.ok) return UNKNOWN_VERSION;
    const { version } = (await response.json()) as { version?: unknown };
    return typeof version === 'string' && version.length > 0 && version.length <= MAX_VERSION_CHARS ? version : UNKNOWN_VERSION;
  } catch {
    return UNKNOWN_VERSION;
  }
}

/**
 * Which build of each remote this view runs, for field data only: the page itself never needs a remote's version,
 * so it is read (once per entry) only in a sampled view, from the file each build publishes beside its container.
 */
export function remoteBuilds(read: (entry: string) => Promise<string> = readVersion) {
  const builds: Record<string, RemoteBuild> = {};
  const versions = new Map<string, Promise<string>>();
  return {
    /** A remote loaded from `entry`: its build, once its version is read. */
    async loaded(remote: string, entry: string): Promise<RemoteBuild> {
      let version = versions.get(entry);
      if (!version) {
        version = read(entry);
        versions.set(entry, version);
      }
      const build = { entry, version: await version };
      builds[remote] = build;
      return build;
    },
    /** Remote name → its build, for the remotes whose version is known so far. */
    current: (): Record<string, RemoteBuild> => ({ ...builds }),
  };
}
