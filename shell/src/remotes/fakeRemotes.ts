import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What the runtime's `loadEntry` hook may answer: a remote's container. */
type Container = Exclude<Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>, void>;

/** How a fake remote entry behaves when the runtime loads it. */
export type FakeEntry = 'ok' | 'down' | 'throws at start';

/**
 * Test double for the network: remote entries answered by the runtime's `loadEntry` hook, each a container whose
 * modules say which entry they came from. Jest only; not part of the site.
 */
export function fakeRemotes(behaviour: Record<string, FakeEntry>) {
  const loads: string[] = [];
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'fake-remotes',
    async loadEntry({ remoteInfo }) {
      loads.push(remoteInfo.entry);
      const kind = behaviour[remoteInfo.entry];
      if (kind === undefined || kind === 'down') throw new Error(`ScriptNetworkError: ${remoteInfo.entry} 无法连接`);
      // A webpack container's `get` resolves to the module's factory; the runtime's type says otherwise.
      const get = async (expose: string) => () => {
        if (kind === 'throws at start') throw new Error(`${remoteInfo.entry} 的 ${expose} 启动时出错`);
        return { default: `${expose} from ${remoteInfo.entry}` };
      };
      return { init: async () => undefined, get: get as unknown as Container['get'] };
    },
  };
  return { plugin, loads, behaviour };
}
