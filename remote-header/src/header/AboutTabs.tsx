import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Menu, Ref } from 'semantic-ui-react';
import { ABOUT_SECTIONS, aboutPath, aboutSectionFromPath } from '@wenrun/shared';
import 'semantic-ui-css/components/menu.min.css';

/** docs/SPEC.md §2: the six about sections, Semantic UI's pointing menu; the active one is the path's last character. */
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
    <Ref innerRef={strip}>
      <Menu as="nav" secondary pointing className="about-tabs" aria-label="关于我们栏目">
        {ABOUT_SECTIONS.map((section) => (
          <Menu.Item
            key={section.key}
            as={Link}
            to={aboutPath(section.key)}
            active={section.key === active}
            aria-current={section.key === active ? 'page' : undefined}
          >
            {section.title}
          </Menu.Item>
        ))}
      </Menu>
    </Ref>
  );
}
