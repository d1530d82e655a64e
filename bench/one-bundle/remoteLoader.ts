/**
 * The one-bundle baseline's remote loader, given to the shell's App as the bootstrap gives it the federated one
 * (RemoteSlot, its other user, is swapped by the webpack config): for field data and the navigation wait. A page
 * without remotes loads none and runs no remote build, so the sampled views are measured as in the federated site,
 * without the federation runtime; every module is in the bundle, so a navigation never waits for one.
 */
import type { RemoteName } from '@wenrun/shared';
import type { RemoteLoader } from '@wenrun/shell/remotes/remoteLoader';

const noRemote = (remote: RemoteName, exposed: string) => new Error(`单包基线没有 remote：${remote}/${exposed}`);

export const oneBundleLoader: RemoteLoader = {
  canary: [],
  read(remote, exposed) {
    throw noRemote(remote, exposed);
  },
  load: (remote, exposed) => Promise.reject(noRemote(remote, exposed)),
  settled: () => true,
  loaded: () => undefined,
  forgetFailure: () => undefined,
  skipBrokenEntry: () => false,
  reload: () => undefined,
  observeLoads: () => undefined,
  observeRefusedFiles: () => undefined,
  pinnedFiles: { digestFor: () => undefined, failed: () => undefined },
  forConfig: () => oneBundleLoader,
};
