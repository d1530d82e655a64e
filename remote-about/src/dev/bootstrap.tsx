import { Link, useLocation } from 'react-router-dom';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath, mountStandalone } from '@wenrun/shared';
import AboutPage from '../exposes/AboutPage';

/** The about page with a plain list of the six sections (the real tab strip lives in the header remote). */
function DevPage() {
  const { pathname } = useLocation();
  return (
    <>
      <nav className="dev-note" aria-label="关于我们各栏目">
        {ABOUT_SECTIONS.map((section) => (
          <Link key={section.key} to={aboutPath(section.key)} style={{ marginRight: 16 }}>
            {section.title}
          </Link>
        ))}
      </nav>
      <AboutPage section={aboutSectionFromPath(pathname)} />
    </>
  );
}

mountStandalone('关于我们', <DevPage />);
