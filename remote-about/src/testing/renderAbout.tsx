import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { aboutSectionFromPath, ROUTER_FUTURE } from '@wenrun/shared';
import AboutPage from '../exposes/AboutPage';

/** The behaviour of the router version the site uses; also keeps the test output free of upgrade notices. */

/** Renders `ui` inside a router at `path`, with the current location written out for assertions. */
export function renderAt(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** What the shell does on /about and /about/*: the section from the path, as a prop. */
function ShellAboutRoute() {
  const { pathname } = useLocation();
  return <AboutPage section={aboutSectionFromPath(pathname)} />;
}

export function renderAboutAt(path: string) {
  return renderAt(
    path,
    <Routes>
      <Route path="/about/*" element={<ShellAboutRoute />} />
    </Routes>,
  );
}
