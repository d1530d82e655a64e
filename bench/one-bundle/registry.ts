/**
 * The one-bundle baseline's stand-in for shell/src/remotes/registry.ts (swapped in by its webpack config), for the
 * callers left once RemoteSlot is swapped: field data and the navigation wait. A page without remotes loads none and
 * runs no remote build, so the sampled views are measured as in the federated site, without the federation
 * runtime; every module is in the bundle, so a navigation never waits for one.
 */
import type { RemoteName } from '@wenrun/shared';
import type { RemoteLoad } from '../../shell/src/remotes/registry';

export function observeRemoteLoads(_listener: (load: RemoteLoad) => void): void {}

export function moduleSettled(_remote: RemoteName, _exposed: string): boolean {
  return true;
}

export function loadExposed(remote: RemoteName, exposed: string): Promise<never> {
  return Promise.reject(new Error(`单包基线没有 remote：${remote}/${exposed}`));
}
