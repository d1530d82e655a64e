import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteLoader } from './remoteLoader';
import { watchSlotHydration, type SlotHydration } from './slotHydration';

const Loader = createContext<RemoteLoader | null>(null);
// Nothing failed on a server and nothing to hydrate: a page rendered in the browser alone.
const Hydration = createContext<SlotHydration>(watchSlotHydration());

/**
 * What the remote slots of one render work with: the loader of the runtime config (made by the browser's bootstrap
 * or the render server) and the page's slot hydration.
 */
export function SlotsProvider({ loader, hydration, children }: { loader: RemoteLoader; hydration: SlotHydration; children: ReactNode }) {
  return (
    <Loader.Provider value={loader}>
      <Hydration.Provider value={hydration}>{children}</Hydration.Provider>
    </Loader.Provider>
  );
}

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(Loader);
  if (!loader) throw new Error('没有 remote 加载器：应用须在 SlotsProvider 中渲染');
  return loader;
}

export function useSlotHydration(): SlotHydration {
  return useContext(Hydration);
}
