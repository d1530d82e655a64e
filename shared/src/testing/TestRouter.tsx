import { useMemo, type ReactNode } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { SiteRouter } from '../routing/router';

/** The site's router over an address in memory, starting at `path` (with its query, if any): for component tests. */
export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  const location = useMemo(() => memoryLocation({ path }), [path]);
  return (
    <SiteRouter hook={location.hook} searchHook={location.searchHook}>
      {children}
    </SiteRouter>
  );
}
