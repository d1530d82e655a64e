import type { BuildInfo } from '@wenrun/shared';

/**
 * A remote's files read as data: a manifest or a `version.json` is whatever its origin sent, so each field is taken
 * only when it is the type and size a build writes, and the console shows text only (textContent).
 */

/** Longer than any name, version or range a build writes: anything longer is not shown. */
const MAX_FIELD_CHARS = 200;
/** More packages or modules than any build of the site shares or exposes. */
const MAX_LIST = 100;

/** A shared package as a manifest names it: the version the build carries and the range it asks for. */
export interface SharedNeed {
  name: string;
  version?: string;
  requiredVersion?: string;
}

export interface ManifestFacts {
  exposes: string[];
  shared: SharedNeed[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short string field, or nothing. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD_CHARS ? value : undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.slice(0, MAX_LIST).filter(isRecord) : [];
}

/** Module Federation's `mf-manifest.json`: what it exposes and shares; throws when it is no manifest at all. */
export function parseManifest(value: unknown): ManifestFacts {
  if (!isRecord(value) || !Array.isArray(value.shared)) throw new Error('不是模块联邦清单（缺少 shared）');
  const exposes = records(value.exposes).flatMap((exposed) => {
    const path = text(exposed.path) ?? (text(exposed.name) && `./${text(exposed.name)}`);
    return path ? [path] : [];
  });
  const shared = records(value.shared).flatMap((entry): SharedNeed[] => {
    const name = text(entry.name);
    return name ? [{ name, version: text(entry.version), requiredVersion: text(entry.requiredVersion) }] : [];
  });
  return { exposes, shared };
}

/** A build's `version.json`; throws when a field a build always writes is missing. */
export function parseBuildInfo(value: unknown): BuildInfo {
  if (!isRecord(value)) throw new Error('内容不是对象');
  const name = text(value.name);
  const version = text(value.version);
  const gitHash = text(value.gitHash);
  const builtAt = text(value.builtAt);
  if (!name || !version || !gitHash || !builtAt) throw new Error('缺少 name、version、gitHash 或 builtAt');
  return { name, version, gitHash, builtAt };
}
