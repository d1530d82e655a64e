/**
 * The one-bundle baseline's stand-in for shell/src/remotes/registry.ts (swapped in by its webpack config), for the
 * one caller left once RemoteSlot is swapped: field data. A page without remotes loads none and runs no remote
 * build, so the sampled views are measured as in the federated site, without the federation runtime.
 */
import type { RemoteLoad } from '../../shell/src/remotes/registry';

export function observeRemoteLoads(_listener: (load: RemoteLoad) => void): void {}
