import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteBuild {
  /** The build version its manifest declares (`metaData.buildInfo.buildVersion`). */
  version: string;
  /** The entry it was loaded from. */
  entry: string;
}

export interface RemoteBuilds extends ModuleFederationRuntimePlugin {
  /** Remote name → the build this page runs, for the remotes loaded so far. */
  builds(): Record<string, RemoteBuild>;
}

/**
 * Which build of each remote this page runs, read from the manifest the runtime loads anyway (its
 * `afterLoadSnapshot` hook): field data groups visitors by version without an extra request.
 */
export function remoteBuildsPlugin(): RemoteBuilds {
  const builds: Record<string, RemoteBuild> = {};
  return {
    name: 'wenrun-remote-builds',
    afterLoadSnapshot(args) {
      const snapshot = args.remoteSnapshot as { buildVersion?: unknown } | undefined;
      const entry = 'entry' in args.moduleInfo ? args.moduleInfo.entry : undefined;
      if (typeof snapshot?.buildVersion === 'string' && entry) builds[args.moduleInfo.name] = { version: snapshot.buildVersion, entry };
      return args;
    },
    builds: () => ({ ...builds }),
  };
}
