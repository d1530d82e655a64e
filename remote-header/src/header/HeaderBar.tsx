import { loginStore, observer } from '@wenrun/shared/stores';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { TrainingSystemLink } from './TrainingSystemLink';
import { UserEntry } from './UserEntry';

/**
 * The 64 px bar both headers share: logo on the left; the header's own controls, 进入研训系统 and the login entry
 * on the right. A logged-in user's entry is wider, so on small phones the logo then shows its mark only.
 */
export const HeaderBar = observer(function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <div className={`site-header__bar${loginStore.isLoggedIn ? ' has-user' : ''}`}>
      <Logo />
      <div className="site-header__actions">
        {children}
        <TrainingSystemLink />
        <UserEntry />
      </div>
    </div>
  );
});
