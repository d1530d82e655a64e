import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';
import { type AboutSectionKey } from '@wenrun/shared';

/**
 * What switching sections does besides the body: a section opened by a click starts at its top. Back, forward
 * and reload (React Router's `POP`) leave the scroll to the browser, which restores it. (The document's title is
 * the host's: the route manifest names each section.)
 */
export function useSectionChange(section: AboutSectionKey): void {
  // Read when the section changes, not a reason to act by itself (paging the course list is a push too).
  const navigationType = useNavigationType();
  const latest = useRef(navigationType);
  latest.current = navigationType;
  useEffect(() => {
    if (latest.current !== 'POP') window.scrollTo(0, 0);
  }, [section]);
}
