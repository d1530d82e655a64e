import type { ComponentType } from 'react';
import { aboutSectionFromPath, type AboutSectionKey } from '@wenrun/shared';
import { useSectionChange } from '../page/useSectionChange';
import CompanyIntro from '../sections/CompanyIntro';
import ObservationEvaluation from '../sections/ObservationEvaluation';
import PremiumCourses from '../sections/PremiumCourses';
import ProjectCooperation from '../sections/ProjectCooperation';
import SmartCloud from '../sections/SmartCloud';
import TrainingSystem from '../sections/TrainingSystem';
import '../page/about.css';

export interface AboutPageProps {
  /** Which of the six sections; the shell reads it from the path with `aboutSectionFromPath`. */
  section: AboutSectionKey;
}

const SECTION_BODIES: Record<AboutSectionKey, ComponentType> = {
  1: CompanyIntro,
  2: TrainingSystem,
  3: PremiumCourses,
  4: SmartCloud,
  5: ObservationEvaluation,
  6: ProjectCooperation,
};

/**
 * The body of the about page; the tab strip lives in the about header. The props cross a deployment boundary,
 * so a key from an older or newer shell is read with the same rule as the path: anything unknown is section 1.
 */
export default function AboutPage({ section }: AboutPageProps) {
  const key = aboutSectionFromPath(String(section));
  useSectionChange(key);
  const Body = SECTION_BODIES[key];
  return (
    <article className="about-page" data-section={key}>
      <Body />
    </article>
  );
}
