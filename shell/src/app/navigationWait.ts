import { useRef } from 'react';
import { modulesOf, showProgressWhile, type RemoteName, type SiteRoute } from '@wenrun/shared';
import { REMOTE_LOAD_TIMEOUT_MS } from '../remotes/loadDeadlines';
import type { RemoteLoader } from '../remotes/remoteLoader';
import { useRemoteLoader } from '../remotes/slotContext';
import { preloadShellParts, shellPartsLoaded } from './shellParts';

interface Wait {
  promise: Promise<unknown>;
  /** Over (everything settled, or the deadline passed): the page renders now, loaded or not. */
  over: boolean;
}

/** What a navigation asks of the page's remote loader. */
interface ModuleLoads {
  settled: RemoteLoader['settled'];
  load(remote: RemoteName, exposed: string): Promise<unknown>;
}

/** The wait of a navigation to each route, shared by every render that asks while it lasts and after it is over. */
const waits = new Map<SiteRoute, Wait>();

/**
 * What a navigation to `route` waits for, or `null` when its page renders at once: the shell's chunks the page
 * shows and the remote modules it shows, each loaded or failed (a failed one is its slot's business). Never longer
 * than a remote's own deadline: past it the page shows, with the late slot's skeleton.
 */
export function navigationWait(route: SiteRoute, loader: ModuleLoads): Promise<unknown> | null {
  const existing = waits.get(route);
  if (existing) return existing.over ? null : existing.promise;
  const missing = modulesOf(route).filter((ref) => !loader.settled(ref.remote, ref.module));
  if (!missing.length && shellPartsLoaded(route)) return null;
  // A wait that is over answers until another navigation has to wait: the renders of that navigation still ask.
  for (const [waited, wait] of waits) if (wait.over) waits.delete(waited);
  const loads = Promise.allSettled([preloadShellParts(route), ...missing.map((ref) => loader.load(ref.remote, ref.module))]);
  const deadline = new Promise((resolve) => setTimeout(resolve, REMOTE_LOAD_TIMEOUT_MS));
  const wait: Wait = { promise: Promise.race([loads, deadline]).then(() => void (wait.over = true)), over: false };
  waits.set(route, wait);
  showProgressWhile(wait.promise);
  return wait.promise;
}

/**
 * Suspends a navigation until its page is ready (`navigationWait`). Navigations are React transitions (the
 * router's `v7_startTransition`), so React keeps the page on screen meanwhile and the progress bar says something
 * is coming, instead of the next page's skeleton. The first page is never waited for: the server's markup or the
 * client page's skeletons are already what the visitor sees.
 */
export function useNavigationWait(route: SiteRoute): void {
  const firstRoute = useRef(route).current;
  const loader = useRemoteLoader();
  if (route === firstRoute) return;
  const wait = navigationWait(route, loader);
  if (wait) throw wait;
}
