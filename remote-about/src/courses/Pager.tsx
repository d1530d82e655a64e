import { Link } from 'react-router-dom';
import { useCourseQueryLink } from './courseQuery';
import { pageItems } from './pageItems';

interface PagerProps {
  page: number;
  totalPages: number;
  category: string;
  /** Called when the visitor picks another page, before the address changes. */
  onNavigate: () => void;
}

/** Previous, numbers, next: each a link to that page's address. */
export function Pager({ page, totalPages, category, onNavigate }: PagerProps) {
  const link = useCourseQueryLink();
  if (totalPages <= 1) return null;
  const to = (target: number) => link({ page: target, category });
  return (
    <nav className="course-pager" aria-label="课程分页">
      <ul>
        <li>
          {page > 1 ? (
            <Link className="course-pager__step" to={to(page - 1)} onClick={onNavigate}>
              上一页
            </Link>
          ) : (
            <span className="course-pager__step is-disabled" aria-disabled="true">
              上一页
            </span>
          )}
        </li>
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="course-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={`course-pager__page${item === page ? ' is-current' : ''}`}
                to={to(item)}
                aria-label={`第 ${item} 页`}
                aria-current={item === page ? 'page' : undefined}
                onClick={onNavigate}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link className="course-pager__step" to={to(page + 1)} onClick={onNavigate}>
              下一页
            </Link>
          ) : (
            <span className="course-pager__step is-disabled" aria-disabled="true">
              下一页
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
