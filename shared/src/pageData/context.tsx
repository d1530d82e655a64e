import { createContext, useContext, type ReactNode } from 'react';
import { PageDataStore } from './PageDataStore';

/** Outside a page that provides one (a remote's tests, its standalone page): an empty store that loads as it goes. */
const PageDataContext = createContext<PageDataStore>(new PageDataStore('browser'));

export function PageDataProvider({ store, children }: { store: PageDataStore; children: ReactNode }) {
  return <PageDataContext.Provider value={store}>{children}</PageDataContext.Provider>;
}

export function usePageDataStore(): PageDataStore {
  return useContext(PageDataContext);
}
