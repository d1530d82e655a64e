import { AboutTabs } from './AboutTabs';
import { HeaderBar } from './HeaderBar';
import { SearchBox } from './SearchBox';
import { useScrolledPastTop } from './useScrolledPastTop';

/**
 * docs/SPEC.md §2, §4: the header of the about pages. Transparent at the top of the page, white with a shadow once
 * scrolled; only colours change, never its size, so nothing below moves.
 */
export function AboutHeader() {
  const scrolled = useScrolledPastTop();
  return (
    <header className={`site-header site-header--about${scrolled ? ' is-scrolled' : ''}`}>
      <HeaderBar>
        <SearchBox collapse="narrow" />
      </HeaderBar>
      <AboutTabs />
    </header>
  );
}
