import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath, HEADER_SCROLL_THRESHOLD } from '@wenrun/shared';
import { Logo } from './Logo';
import { SearchBox } from './SearchBox';
import { TrainingSystemLink } from './TrainingSystemLink';
import { UserEntry } from './UserEntry';

function isScrolled(): boolean {
  return window.scrollY > HEADER_SCROLL_THRESHOLD;
}

/** SPEC.md §2, §4: transparent at the top of the page, white with a shadow once scrolled. */
export function AboutHeader() {
  const { pathname } = useLocation();
  const active = aboutSectionFromPath(pathname);
  const [scrolled, setScrolled] = useState(isScrolled);

  useEffect(() => {
    const onScroll = () => setScrolled(isScrolled());
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={`site-header site-header--about${scrolled ? ' is-scrolled' : ''}`}>
      <div className="site-header__bar">
        <Logo />
        <div className="site-header__actions">
          <SearchBox collapsible={false} />
          <TrainingSystemLink />
          <UserEntry />
        </div>
      </div>
      <nav className="about-tabs" aria-label="关于我们">
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
    </header>
  );
}
