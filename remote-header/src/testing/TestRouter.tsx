import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@wenrun/shared';

/** React Router 6 with the behaviour of 7 switched on, as the site will run it; silences the upgrade warnings. */

/** A router for component tests, starting at `path`. */
export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      {children}
    </MemoryRouter>
  );
}
