import { Link } from 'react-router-dom';
import { aboutPath } from '@wenrun/shared';
import { COURSE_HIGHLIGHTS, CUSTOM_COURSE_INVITE, PREMIUM_COURSES } from '../content/premiumCourses';
import { CourseCatalog } from '../courses/CourseCatalog';
import heroImage from '../illustrations/hero-courses.svg';
import { Block } from '../page/Block';
import { CardGrid } from '../page/CardGrid';
import { SectionHero } from '../page/SectionHero';

/** Section 3: what makes the courses worth taking, then the course list from the API. */
export default function PremiumCourses() {
  return (
    <>
      <SectionHero section={3} intro={PREMIUM_COURSES} image={heroImage} />
      <Block title="课程特色">
        <CardGrid items={COURSE_HIGHLIGHTS} />
      </Block>
      <CourseCatalog />
      <p className="about-invite">
        {CUSTOM_COURSE_INVITE.text}
        <Link to={aboutPath(6)}>{CUSTOM_COURSE_INVITE.link}</Link>
      </p>
    </>
  );
}
