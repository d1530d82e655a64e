import { Link } from 'react-router-dom';
import { useCourseQueryLink } from './courseQuery';

export const ALL_CATEGORIES_LABEL = '全部';

interface CategoryFilterProps {
  categories: string[];
  /** '' for every category. */
  active: string;
}

/** Links rather than buttons: each filter is an address that can be opened in a new tab or shared. */
export function CategoryFilter({ categories, active }: CategoryFilterProps) {
  const link = useCourseQueryLink();
  const options = [{ label: ALL_CATEGORIES_LABEL, value: '' }, ...categories.map((name) => ({ label: name, value: name }))];
  return (
    <nav className="course-filter" aria-label="课程分类">
      <ul>
        {options.map((option) => {
          const isActive = option.value === active;
          return (
            <li key={option.value}>
              <Link
                to={link({ page: 1, category: option.value })}
                className={`course-filter__option${isActive ? ' is-active' : ''}`}
                aria-current={isActive ? 'true' : undefined}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
