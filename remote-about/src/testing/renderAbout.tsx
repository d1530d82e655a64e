import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { aboutSectionFromPath, isAboutPath } from '@wenrun/shared';
import { TestRouter } from '@wenrun/shared/testing';
import AboutPage from '../exposes/AboutPage';

/** Renders `ui` inside a router at `path`, with the current location written out for assertions. */
export function renderAt(path: string, ui: ReactNode) {
  return render(
    <TestRouter path={path}>
      {ui}
      <LocationProbe />
    </TestRouter>,
  );
}

function LocationProbe() {
  const search = useSearchParams()[0].toString();
  return <output data-testid="location">{`${useLocation().pathname}${search ? `?${search}` : ''}`}</output>;
}

/** What the shell does on /about and /about/*: the section from the path, as a prop. */
function ShellAboutRoute() {
  const { pathname } = useLocation();
  return isAboutPath(pathname) ? <AboutPage section={aboutSectionFromPath(pathname)} /> : null;
}

export function renderAboutAt(path: string) {
  return renderAt(path, <ShellAboutRoute />);
}
