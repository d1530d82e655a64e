import { aboutSectionTitle, type AboutSectionKey } from '@wenrun/shared';
import type { SectionIntro } from '../content/types';
import { Illustration } from './Illustration';

/** Hero drawings share one canvas size (the SVG files' viewBox). */
export const HERO_IMAGE_SIZE = { width: 480, height: 320 } as const;

interface SectionHeroProps {
  section: AboutSectionKey;
  intro: SectionIntro;
  image: string;
}

/** The opening band of a section: its title (the page's one h1), the lead and a drawing. */
export function SectionHero({ section, intro, image }: SectionHeroProps) {
  return (
    <header className="about-hero">
      <div className="about-hero__inner">
        <div className="about-hero__text">
          <p className="about-hero__eyebrow">关于我们</p>
          <h1>{aboutSectionTitle(section)}</h1>
          <p className="about-hero__lead">{intro.lead}</p>
        </div>
        <Illustration
          className="about-hero__image"
          src={image}
          alt={intro.imageAlt}
          {...HERO_IMAGE_SIZE}
          priority="eager"
        />
      </div>
    </header>
  );
}
