import type { ReactNode } from 'react';
import { assetUrl, type Course, type Expert } from '@wenrun/shared';
import { Highlight } from './Highlight';

/** The first rows are on screen at once; images further down load when scrolled to. */
const EAGER_ROWS = 3;

interface RowProps {
  image: { path: string; className: string; width: number; height: number };
  index: number;
  title: ReactNode;
  meta: ReactNode[];
  text: ReactNode;
}

/** One result: its picture, then title, facts and text. */
function ResultRow({ image, index, title, meta, text }: RowProps) {
  return (
    <li className="search-item">
      <img
        className={image.className}
        src={assetUrl(image.path)}
        alt=""
        width={image.width}
        height={image.height}
        loading={index < EAGER_ROWS ? 'eager' : 'lazy'}
      />
      <div className="search-item__body">
        <h3 className="search-item__title">{title}</h3>
        <p className="search-item__meta">
          {meta.map((fact, position) => (
            <span key={position}>{fact}</span>
          ))}
        </p>
        <p className="search-item__text">{text}</p>
      </div>
    </li>
  );
}

interface ItemProps<T> {
  item: T;
  index: number;
  terms: string[];
}

export function CourseItem({ item: course, index, terms }: ItemProps<Course>) {
  const mark = (text: string) => <Highlight text={text} terms={terms} />;
  return (
    <ResultRow
      image={{ path: course.cover, className: 'search-item__cover', width: 160, height: 90 }}
      index={index}
      title={mark(course.title)}
      meta={[course.category, <>主讲：{mark(course.lecturer)}</>, `${course.lessons} 课时`]}
      text={mark(course.summary)}
    />
  );
}

export function ExpertItem({ item: expert, index, terms }: ItemProps<Expert>) {
  const mark = (text: string) => <Highlight text={text} terms={terms} />;
  return (
    <ResultRow
      image={{ path: expert.avatar, className: 'search-item__avatar', width: 72, height: 72 }}
      index={index}
      title={
        <>
          {mark(expert.name)}
          <small>{expert.title}</small>
        </>
      }
      meta={[mark(expert.organization), mark(expert.field)]}
      text={mark(expert.intro)}
    />
  );
}
