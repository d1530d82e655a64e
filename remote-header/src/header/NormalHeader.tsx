import { uiStore } from '@wenrun/shared/stores';
import { Button } from 'semantic-ui-react';
import { HeaderBar } from './HeaderBar';
import { HeadsetIcon } from './icons';
import { SearchBox } from './SearchBox';

/** docs/SPEC.md §2: the header of every page but the about pages. */
export function NormalHeader() {
  return (
    <header className="site-header site-header--normal">
      <HeaderBar>
        <SearchBox collapse="always" />
        <Button
          type="button"
          className="header-text-button header-contact"
          onClick={() => uiStore.setShowContactModal(true)}
          aria-haspopup="dialog"
        >
          <HeadsetIcon />
          <span className="header-contact__text">客服</span>
        </Button>
      </HeaderBar>
    </header>
  );
}
