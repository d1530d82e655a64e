import { uiStore } from '@wenrun/shared';
import { ContactModal } from './ContactModal';
import { Logo } from './Logo';
import { SearchBox } from './SearchBox';
import { TrainingSystemLink } from './TrainingSystemLink';
import { UserEntry } from './UserEntry';

export function NormalHeader() {
  return (
    <header className="site-header site-header--normal">
      <div className="site-header__bar">
        <Logo />
        <div className="site-header__actions">
          <SearchBox collapsible />
          <button type="button" className="header-contact" onClick={() => uiStore.setShowContactModal(true)}>
            客服
          </button>
          <TrainingSystemLink />
          <UserEntry />
        </div>
      </div>
      <ContactModal />
    </header>
  );
}
