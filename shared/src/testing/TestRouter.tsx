import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '../routing/routerOptions';
import { SITE_ROUTES } from '../routing/manifest';

/**
 * The site's router over an address in memory, starting at `path` (with its query, if any): for component tests.
 * `children` are rendered on every page of the route manifest, so `useParams` reads what the shell's routes would.
 */
export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <Routes>
        {SITE_ROUTES.map((route) => (
          <Route key={route.id} path={route.path} element={children} />
        ))}
      </Routes>
    </MemoryRouter>
  );
}
