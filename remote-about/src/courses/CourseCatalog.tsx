import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, Message } from 'semantic-ui-react';
import 'semantic-ui-css/components/message.min.css';
import { Block } from '../page/Block';
import { CategoryFilter } from './CategoryFilter';
import { CourseCard, CourseCardSkeleton } from './CourseCard';
import { Pager } from './Pager';
import { COURSE_PAGE_SIZE, useCourseQuery, useCourseQueryLink, type CourseQuery } from './courseQuery';
import { totalPagesOf } from './pageItems';
import { useCourseList, type CourseListState } from './useCourseList';
import './courses.css';

const SKELETONS = Array.from({ length: COURSE_PAGE_SIZE }, (_, index) => index);

/** The premium-course list: category filter, one page of cards, pager, and its loading, empty and error states. */
export function CourseCatalog() {
  const query = useCourseQuery();
  const { state, retry } = useCourseList(query, COURSE_PAGE_SIZE);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A pager sits under the list: after a click the visitor is taken (and the focus moved) to the list's top.
  const revealList = () => {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const categories = state.status === 'ready' ? state.data.categories : state.categories;
  return (
    <Block title="课程列表" tinted className="course-catalog" headingRef={headingRef}>
      {categories.length > 0 && <CategoryFilter categories={categories} active={query.category} />}
      {/* The categories come with the first reply: their row is kept free meanwhile, so the list does not jump. */}
      {categories.length === 0 && state.status === 'loading' && <div className="course-filter-pending" aria-hidden="true" />}
      <CatalogBody state={state} query={query} retry={retry} onNavigate={revealList} />
    </Block>
  );
}

interface CatalogBodyProps {
  state: CourseListState;
  query: CourseQuery;
  retry: () => void;
  onNavigate: () => void;
}

function CatalogBody({ state, query, retry, onNavigate }: CatalogBodyProps) {
  if (state.status === 'loading') {
    return (
      <div aria-busy="true">
        <p className="course-catalog__summary" role="status">
          课程加载中…
        </p>
        <ul className="course-grid">
          {SKELETONS.map((index) => (
            <CourseCardSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  }

  if (state.status === 'error') {
    return (
      <Message negative className="course-catalog__problem" role="alert">
        <Message.Header>课程列表没有加载成功</Message.Header>
        <p>{state.message}</p>
        <Button type="button" primary onClick={retry}>
          重试
        </Button>
      </Message>
    );
  }

  const { list, total } = state.data;
  const totalPages = totalPagesOf(total, COURSE_PAGE_SIZE);
  if (list.length === 0) return <EmptyCatalog query={query} total={total} totalPages={totalPages} />;

  return (
    <>
      <p className="course-catalog__summary" role="status">
        {query.category ? `“${query.category}”共 ${total} 门课程` : `共 ${total} 门课程`}
        {totalPages > 1 && `，第 ${query.page} / ${totalPages} 页`}
      </p>
      <ul className="course-grid">
        {list.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </ul>
      <Pager page={query.page} totalPages={totalPages} category={query.category} onNavigate={onNavigate} />
    </>
  );
}

function EmptyCatalog({ query, total, totalPages }: { query: CourseQuery; total: number; totalPages: number }) {
  let text = '课程正在整理中，敬请期待。';
  const link = useCourseQueryLink();
  let action: { label: string; to: string } | null = null;
  if (total > 0) {
    text = `没有第 ${query.page} 页，课程共 ${totalPages} 页。`;
    action = { label: '回到第一页', to: link({ page: 1, category: query.category }) };
  } else if (query.category) {
    text = `“${query.category}”分类下暂时没有课程。`;
    action = { label: '查看全部课程', to: link({ page: 1, category: '' }) };
  }
  return (
    <Message className="course-catalog__empty" role="status">
      <p>{text}</p>
      {action && (
        // Semantic UI React calls anything but a <button> a button; this one goes to a page, as a link does.
        <Button as={Link} role="link" basic primary to={action.to}>
          {action.label}
        </Button>
      )}
    </Message>
  );
}
