import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { aboutSectionFromPath, isAboutPath, usePath, useSearchParams } from '@wenrun/shared';
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
  const search = useSearchParams().toString();
  return <output data-testid="location">{`${usePath()}${search ? `?${search}` : ''}`}</output>;
}

/** What the shell does on /about and /about/*: the section from the path, as a prop. */
function ShellAboutRoute() {
  const pathname = usePath();
  return isAboutPath(pathname) ? <AboutPage section={aboutSectionFromPath(pathname)} /> : null;
}

export function renderAboutAt(path: string) {
  return renderAt(path, <ShellAboutRoute />);
}
