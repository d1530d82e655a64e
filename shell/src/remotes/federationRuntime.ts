import {
  loadRemote,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
  type ModuleFederation,
} from '@module-federation/enhanced/runtime';
import { INTEGRITY_PLUGIN } from './integrityPlugin';
import { sharedRetryPlugin } from './sharedRetryPlugin';

/** What a remote loader asks of a federation runtime: the page's (below), or a test's own instance. */
export type FederationRuntime = Pick<ModuleFederation, 'loadRemote' | 'registerRemotes' | 'registerPlugins'>;

/**
 * The runtime webpack's federation starts for the shell: one per page in the browser, one per process on the render
 * server. It takes each plugin once, by name: the loader made for a later config of the same process is
 * `RemoteLoader.forConfig`, which keeps the plugins already registered.
 */
export const pageRuntime: FederationRuntime = {
  loadRemote,
  registerRemotes,
  registerPlugins(plugins) {
    // Before any remote starts: each remote's container takes the page's global plugins into its own instance. The
    // integrity check is one: on Node a container fetches its own chunks through its own instance's hooks.
    registerGlobalPlugins([sharedRetryPlugin(), ...(plugins ?? []).filter((plugin) => plugin.name === INTEGRITY_PLUGIN)]);
    registerPlugins(plugins);
  },
};
