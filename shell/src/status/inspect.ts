import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { BuildInfo } from '@wenrun/shared';
import { entryAddress } from '../remotes/entryAddress';


export interface EntryReport {
  remote: string;
  entry: string;
  /** 主地址, 备用 or 灰度 n%. */
  role: string;
  manifestMs?: number;
  exposes?: string[];
  build?: BuildInfo;
  loadMs?: number;
  errors: string[];
}

interface Manifest {
  exposes?: { path?: string; name?: string }[];
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

/**
 * Fetches one entry's manifest and loads its `./buildInfo` from the container the site would load (the browser's
 * `entryAddress`), timing both and keeping every error.
 */
export async function inspectEntry(remote: string, entry: string, role: string): Promise<EntryReport> {
  const report: EntryReport = { remote, entry, role, errors: [] };
  try {
    const { value, ms } = await timed(async () => {
      const response = await fetch(entry, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`清单 HTTP ${response.status}`);
      return (await response.json()) as Manifest;
    });
    report.manifestMs = ms;
    report.exposes = (value.exposes ?? []).map((exposed) => exposed.path ?? `./${exposed.name ?? '?'}`);
  } catch (error) {
    report.errors.push(`清单读取失败：${String(error)}`);
    return report;
  }
  try {
    registerRemotes([{ name: remote, entry: entryAddress(entry) }], { force: true });
    const { value, ms } = await timed(() => loadRemote<{ default: BuildInfo }>(`${remote}/buildInfo`));
    report.loadMs = ms;
    if (value?.default) report.build = value.default;
    else report.errors.push('没有提供 ./buildInfo');
  } catch (error) {
    report.errors.push(`加载失败：${String(error)}`);
  }
  return report;
}

export interface SharedReport {
  name: string;
  version: string;
  from: string;
  usedBy: string[];
}

interface ShareEntry {
  from?: string;
  loaded?: boolean;
  useIn?: string[];
}

type ShareScopes = Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;

/** The shared singletons as the federation runtime holds them: which version won and who uses it. */
export function sharedReport(): SharedReport[] {
  const share = (window as unknown as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__?.__SHARE__ ?? {};
  const rows = new Map<string, SharedReport>();
  for (const scopes of Object.values(share)) {
    for (const packages of Object.values(scopes)) {
      for (const [name, versions] of Object.entries(packages)) {
        for (const [version, entry] of Object.entries(versions)) {
          const key = `${name}@${version}`;
          const row = rows.get(key) ?? { name, version, from: entry.from ?? '?', usedBy: [] };
          row.usedBy = [...new Set([...row.usedBy, ...(entry.useIn ?? [])])];
          rows.set(key, row);
        }
      }
    }
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}
