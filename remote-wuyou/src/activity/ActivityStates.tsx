import { Link } from 'react-router-dom';
import { ACTIVITY_PROBLEM_TITLES } from '@wenrun/shared';
import { Icon } from './Icon';
import type { ActivityProblem } from './useActivity';
import { ACTIVITY_TEXT } from './text';

/**
 * Shaped like the page that replaces it (hero of the same height, then cards), so nothing jumps when the
 * activity arrives.
 */
export function ActivitySkeleton() {
  return (
    <div className="activity activity--skeleton" role="status">
      <span className="visually-hidden">{ACTIVITY_TEXT.loading}</span>
      <div className="activity-hero" aria-hidden="true">
        <div className="activity-hero__inner">
          <div className="activity-hero__cover" />
          <div className="activity-hero__text">
            <span className="skeleton-line skeleton-line--badge skeleton-shimmer" />
            <span className="skeleton-line skeleton-line--title skeleton-shimmer" />
            <span className="skeleton-line skeleton-line--title skeleton-line--short skeleton-shimmer" />
            <span className="skeleton-line skeleton-shimmer" />
            <span className="skeleton-line skeleton-shimmer" />
            <span className="skeleton-line skeleton-line--short skeleton-shimmer" />
          </div>
        </div>
      </div>
      <div className="activity-content" aria-hidden="true">
        <div className="activity-blocks">
          <div className="activity-card skeleton-card skeleton-shimmer" />
        </div>
        <div className="activity-aside">
          <div className="activity-card skeleton-card skeleton-shimmer" />
        </div>
      </div>
    </div>
  );
}


/** Never a blank page: what went wrong, in Chinese, and the way back to the site (or another try). */
export function ActivityProblemView({ problem, onRetry }: { problem: ActivityProblem; onRetry: () => void }) {
  return (
    <section className="activity-problem" role="alert" aria-labelledby="activity-problem-title">
      <span className="activity-problem__icon">
        <Icon name="alert" size={40} />
      </span>
      <h1 id="activity-problem-title">{ACTIVITY_PROBLEM_TITLES[problem.kind]}</h1>
      <p className="activity-problem__message">{problem.message}</p>
      <p className="activity-problem__hint">{ACTIVITY_TEXT.moreActivities}</p>
      <div className="activity-problem__actions">
        <Link to="/" className="activity-button activity-button--primary">
          {ACTIVITY_TEXT.backHome}
        </Link>
        {problem.kind === 'unavailable' && (
          // The activity page loads no Semantic UI: its selection alone is 22.7 KB as sent, past the page's budget.
          <button type="button" className="activity-button" onClick={onRetry}>
            {ACTIVITY_TEXT.retry}
          </button>
        )}
      </div>
    </section>
  );
}
