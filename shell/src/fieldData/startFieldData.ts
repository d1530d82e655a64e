import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { API_PATHS, type FieldMetric } from '@wenrun/shared';
import type { RemoteLoader } from '../remotes/remoteLoader';
import { fieldCollector, scrubMessage, type SendBatch } from './collector';
import { remoteBuilds, UNKNOWN_VERSION, type RemoteBuild } from './remoteBuilds';

export interface FieldDataOptions {
  statsBaseUrl: string;
  /** The route's pattern from the route manifest. */
  route: string;
  /** The remotes this visitor loads from a canary build. */
  canary: string[];
  /** The page's remote loader, whose loads and refused files are reported. */
  loader: Pick<RemoteLoader, 'observeLoads' | 'observeRefusedFiles'>;
}

/** Random and made for this page view only (not `crypto.randomUUID`: it is missing on plain-http origins). */
function viewId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A beacon survives the page being closed; where one cannot be queued, a keep-alive request is tried. */
function beaconTo(url: string): SendBatch {
  return (body) => {
    try {
      if (navigator.sendBeacon?.(url, body)) return true;
      void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };
}

/** The remote whose files `url` is one of, by the folder of the entry it was loaded from. */
function remoteOfFile(url: string, builds: Record<string, RemoteBuild>): [string, RemoteBuild] | undefined {
  return Object.entries(builds).find(([, build]) => url.startsWith(build.entry.slice(0, build.entry.lastIndexOf('/') + 1)));
}

/**
 * Measures this page view as real visitors live it: web vitals (Google's `web-vitals`), each remote's load time,
 * version and outcome, and uncaught errors; sent when the page is hidden (README of this folder).
 */
export function startFieldData({ statsBaseUrl, route, canary, loader }: FieldDataOptions): void {
  const id = viewId();
  const builds = remoteBuilds();
  const versionsNow = () => Object.fromEntries(Object.entries(builds.current()).map(([remote, build]) => [remote, build.version]));
  const collector = fieldCollector(() => ({ id, route, versions: versionsNow(), canary }), beaconTo(`${statsBaseUrl}${API_PATHS.statsLog}`));

  const metric = ({ name, value }: Metric) =>
    collector.add({ kind: 'metric', name: name as FieldMetric, value: name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value) });
  onLCP(metric);
  onINP(metric);
  onCLS(metric);
  onTTFB(metric);

  // A load is reported once its build's version is read (a few milliseconds after it, well before a visitor leaves).
  loader.observeLoads(({ remote, ms, outcome, entry }) => {
    const slot = (version: string) => collector.add({ kind: 'slot', remote, version, loadMs: ms, outcome });
    if (entry) void builds.loaded(remote, entry).then((build) => slot(build.version));
    else slot(builds.current()[remote]?.version ?? UNKNOWN_VERSION);
  });

  // A file refused for its digest is an error of the remote's build it belongs to: the build's version is read from
  // its entry, like a load's.
  loader.observeRefusedFiles(({ remote, entry, file, reason }) => {
    const message = `${reason === 'changed' ? '文件内容与发布时的摘要不符' : '文件没有发布时的摘要'}：${file}`;
    void builds.loaded(remote, entry).then((build) => collector.add({ kind: 'error', message, remote, version: build.version }));
  });

  const error = (message: string, file: string | undefined) => {
    const owner = file ? remoteOfFile(file, builds.current()) : undefined;
    collector.add({ kind: 'error', message: scrubMessage(message), ...(owner ? { remote: owner[0], version: owner[1].version } : {}) });
  };
  window.addEventListener('error', (event) => error(event.message || String(event.error), event.filename || undefined));
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    error(reason instanceof Error ? reason.message : String(reason), reason instanceof Error ? reason.stack?.match(/https?:\/\/\S+?\.js/)?.[0] : undefined);
  });

  // Hiding is the one signal: leaving a page fires pagehide first and visibilitychange after it, and web-vitals
  // reports LCP and CLS on the latter, so flushing on pagehide too would split a view into two beacons. On the
  // window, bubbling, this runs after web-vitals' own listener (window, capture).
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') collector.flush();
  });
}
