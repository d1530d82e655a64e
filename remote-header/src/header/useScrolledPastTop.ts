import { useEffect, useState } from 'react';
import { HEADER_SCROLL_THRESHOLD } from '@wenrun/shared';

function scrolledPastTop(): boolean {
  return window.scrollY > HEADER_SCROLL_THRESHOLD;
}

/** docs/SPEC.md §4, §9: whether the page is scrolled away from the top; a passive listener, so scrolling never waits. */
export function useScrolledPastTop(): boolean {
  // Not scrolled at first, as the server rendered it: the listener below corrects a restored position at once.
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(scrolledPastTop());
    window.addEventListener('scroll', onScroll, { passive: true });
    // The page may have moved between the first render and this listener (a restored scroll position).
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return scrolled;
}
