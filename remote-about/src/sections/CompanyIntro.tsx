import {
  COMPANY_FIGURES,
  COMPANY_HISTORY,
  COMPANY_INTRO,
  COMPANY_STORY,
  COMPANY_VALUES,
} from '../content/companyIntro';
import heroImage from '../illustrations/hero-company.svg';
import storyImage from '../illustrations/story-workshop.svg';
import { Block } from '../page/Block';
import { CardGrid } from '../page/CardGrid';
import { MediaRow } from '../page/MediaRow';
import { SectionHero } from '../page/SectionHero';

/** Section 1: who we are, in figures, our history and what we hold to. */
export default function CompanyIntro() {
  return (
    <>
      <SectionHero section={1} intro={COMPANY_INTRO} image={heroImage} />
      <Block title={COMPANY_STORY.title}>
        <MediaRow image={storyImage} imageAlt={COMPANY_STORY.imageAlt}>
          {COMPANY_STORY.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </MediaRow>
      </Block>
      <Block title="数据一览" tinted>
        <dl className="about-figures">
          {COMPANY_FIGURES.map((figure) => (
            <div key={figure.label} className="about-figure">
              <dt>{figure.label}</dt>
              <dd>
                <span className="about-figure__value">{figure.value}</span>
                <span className="about-figure__unit">{figure.unit}</span>
              </dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block title="发展历程">
        <ol className="about-timeline">
          {COMPANY_HISTORY.map((milestone) => (
            <li key={milestone.year} className="about-timeline__item">
              <span className="about-timeline__year">{milestone.year} 年</span>
              <p>{milestone.text}</p>
            </li>
          ))}
        </ol>
      </Block>
      <Block title="我们的理念" tinted>
        <CardGrid items={COMPANY_VALUES} />
      </Block>
    </>
  );
}
