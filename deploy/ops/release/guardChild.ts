import type { ChildSpec } from '../../serve/supervisor';

/** The guard as a child of a supervisor: it serves nothing, so it has no ready URL. */
export function guardChild(configFile: string, fieldDataUrl?: string, env?: NodeJS.ProcessEnv): ChildSpec {
  return {
    name: 'canary-guard',
    entry: 'deploy/ops/release/guardMain.ts',
    args: ['--config', configFile, ...(fieldDataUrl ? ['--field-data', fieldDataUrl] : [])],
    ...(env ? { env } : {}),
  };
}
