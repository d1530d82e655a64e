import { observer, uiStore } from '@wenrun/shared/stores';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isAboutPath } from '@wenrun/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import '@wenrun/shared/semantic-ui';
import { Footer } from './Footer';

const HEADER_HEIGHT = { normal: 64, about: 112 } as const;

/** docs/SPEC.md §2: header, main, footer, and the login modal wherever it is asked for. */
export function Layout({ children }: { children?: ReactNode }) {
  const variant = isAboutPath(useLocation().pathname) ? 'about' : 'normal';
  return (
    <div className="site">
      <RemoteSlot
        remote="header"
        module="./Header"
        props={{ variant }}
        label="页头"
        minHeight={HEADER_HEIGHT[variant]}
        className="site__header-slot"
      />
      <main className="site__main" id="main">
        {children}
      </main>
      <Footer />
      <LoginModalSlot />
    </div>
  );
}

/** The login modal is fetched only once somebody asks for it, then stays mounted (it owns its open state). */
const LoginModalSlot = observer(function LoginModalSlot() {
  const [wanted, setWanted] = useState(false);
  if (uiStore.showLoginModal && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <RemoteSlot
      remote="auth"
      module="./LoginModal"
      props={{}}
      label="登录"
      minHeight={0}
      className="site__modal-slot"
    />
  );
});
