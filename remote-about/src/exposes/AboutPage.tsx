import { useEffect } from 'react';
import { aboutSectionTitle, getRuntimeConfig, type AboutSectionKey } from '@wenrun/shared';
import { SECTION_TEXT } from '../sections/content';
import '../sections/about.css';

export interface AboutPageProps {
  /** Which of the six sections; the shell reads it from the path. */
  section: AboutSectionKey;
}

export default function AboutPage({ section }: AboutPageProps) {
  const title = aboutSectionTitle(section);
  const text = SECTION_TEXT[section];

  useEffect(() => {
    document.title = `${title} - ${getRuntimeConfig().contact.company}`;
    window.scrollTo(0, 0);
  }, [title]);

  return (
    <article className="about-page" data-section={section}>
      <header className="about-page__hero">
        <h1>{title}</h1>
        <p>{text.lead}</p>
      </header>
      <div className="about-page__body">
        {text.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
