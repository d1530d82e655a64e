import { Link, useLocation } from 'react-router-dom';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import AboutPage from '../exposes/AboutPage';

/** The about page with a plain list of the six sections (the real tab strip lives in the header remote). */
function DevPage() {
  const active = aboutSectionFromPath(useLocation().pathname);
  return (
    <>
      <nav className="dev-note" aria-label="关于我们各栏目">
        {ABOUT_SECTIONS.map((section) => (
          <Link
            key={section.key}
            to={aboutPath(section.key)}
            aria-current={section.key === active ? 'page' : undefined}
            style={{ marginRight: 16, fontWeight: section.key === active ? 700 : 400 }}
          >
            {section.title}
          </Link>
        ))}
      </nav>
      <AboutPage section={active} />
    </>
  );
}

mountStandalone('关于我们', <DevPage />);
