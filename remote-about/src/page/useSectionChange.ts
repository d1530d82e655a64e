import { useEffect } from 'react';
import { navigationType, type AboutSectionKey } from '@wenrun/shared';

/**
 * What switching sections does besides the body: a section opened by a click starts at its top. Back, forward
 * and reload leave the scroll to the browser, which restores it. (The document's title is the host's: the route
 * manifest names each section.)
 */
export function useSectionChange(section: AboutSectionKey): void {
  // Read when the section changes, not a reason to act by itself (paging the course list is a push too).
  useEffect(() => {
    if (navigationType() !== 'pop') window.scrollTo(0, 0);
  }, [section]);
}
