import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { chinaClock, getRuntimeConfig } from '@wenrun/shared';
import { Icon } from './Icon';
import { ACTIVITY_TEXT } from './text';

/** The build time as a visitor's support call would quote it, in China's time. */
function builtAtText(): string {
  const builtAt = new Date(__BUILD_INFO__.builtAt);
  return Number.isNaN(builtAt.getTime()) ? __BUILD_INFO__.builtAt : chinaClock(builtAt);
}

/**
 * The page's own frame: the activity page has no site header or footer (docs/SPEC.md §2), so it carries its own way
 * back to the site and says which build of it is live (the activity team deploys it on its own).
 */
export function ActivityFrame({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  const { company } = getRuntimeConfig().contact;
  return (
    <div className="activity-page">
      <nav className="activity-topbar" aria-label="返回官网">
        <Link to="/" className="activity-topbar__home">
          <Icon name="back" size={18} />
          {ACTIVITY_TEXT.homeLink}
        </Link>
      </nav>
      <main className="activity-main" aria-busy={busy}>
        {children}
      </main>
      <footer className="activity-footer">
        <Link to="/" className="activity-footer__home">
          {ACTIVITY_TEXT.backHome}
        </Link>
        <p>{company}</p>
        <p className="activity-footer__version" data-testid="activity-version">
          {ACTIVITY_TEXT.version(__BUILD_INFO__.version, __BUILD_INFO__.gitHash, builtAtText())}
        </p>
      </footer>
    </div>
  );
}
