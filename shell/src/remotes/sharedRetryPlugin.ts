import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A shared package whose load failed (its chunk timed out, was refused, or never arrived) is loaded afresh by the
 * next module that asks for it. The runtime keeps the failed load in the page's share scope, so without this every
 * later consumer (a slot's retry, another remote) would get the same failure until the page is reloaded: one
 * timed-out chunk of the dialog's package would keep the login away for the rest of the visit.
 *
 * Registered for every instance in the page (`registerGlobalPlugins`): a remote's container loads its shared
 * packages through its own instance, with its own hooks.
 */
export function sharedRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'wenrun-shared-retry',
    errorLoadShare({ pkgName, shareScopeMap, recovered }) {
      if (recovered) return;
      for (const scope of Object.values(shareScopeMap)) {
        for (const shared of Object.values(scope[pkgName] ?? {})) {
          if (!shared.loaded) shared.loading = null;
        }
      }
    },
  };
}
