import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath } from '@wenrun/shared';

/** docs/SPEC.md §2: the six about sections; the active one comes from the path's last character. */
export function AboutTabs() {
  const active = aboutSectionFromPath(useLocation().pathname);
  const strip = useRef<HTMLElement>(null);

  // On a phone the strip scrolls sideways: keep the active tab in sight (horizontally only, the page stays put).
  useLayoutEffect(() => {
    const nav = strip.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = Math.max(0, tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2);
  }, [active]);

  return (
    <nav ref={strip} className="about-tabs" aria-label="关于我们栏目">
      {ABOUT_SECTIONS.map((section) => (
        <Link
          key={section.key}
          to={aboutPath(section.key)}
          className={`about-tabs__tab${section.key === active ? ' is-active' : ''}`}
          aria-current={section.key === active ? 'page' : undefined}
        >
          {section.title}
        </Link>
      ))}
    </nav>
  );
}
