import { useState } from 'react';
import { Placeholder } from 'semantic-ui-react';
import 'semantic-ui-css/components/placeholder.min.css';
import { assetUrl, type Course } from '@wenrun/shared';

/** Covers are drawn at 16:9 by the API (480 × 270). */
export const COVER_SIZE = { width: 480, height: 270 } as const;

export function CourseCard({ course }: { course: Course }) {
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = course.cover ? assetUrl(course.cover) : '';
  return (
    <li className="course-card">
      <div className="course-card__cover">
        {cover && !coverFailed && (
          // The cover repeats the title printed below it: decorative for assistive technology.
          <img
            src={cover}
            alt=""
            {...COVER_SIZE}
            loading="lazy"
            decoding="async"
            onError={() => setCoverFailed(true)}
          />
        )}
      </div>
      <div className="course-card__body">
        {course.category && <span className="course-card__category">{course.category}</span>}
        <h3 className="course-card__title">{course.title}</h3>
        <p className="course-card__meta">
          {course.lecturer && <span>主讲：{course.lecturer}</span>}
          {course.lessons > 0 && <span>{course.lessons} 课时</span>}
        </p>
        {course.summary && <p className="course-card__summary">{course.summary}</p>}
      </div>
    </li>
  );
}

/** Holds a card's place while a page loads, in the card's own shape so nothing jumps when it arrives. */
export function CourseCardSkeleton() {
  return (
    <li className="course-card course-card--skeleton" aria-hidden="true">
      <Placeholder fluid>
        <Placeholder.Image className="course-card__placeholder-cover" />
        <Placeholder.Paragraph className="course-card__placeholder-body">
          <Placeholder.Line length="very short" />
          <Placeholder.Line length="full" />
          <Placeholder.Line length="full" />
          <Placeholder.Line length="medium" />
        </Placeholder.Paragraph>
      </Placeholder>
    </li>
  );
}
