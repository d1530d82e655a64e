import { observer, uiStore } from '@wenrun/shared/stores';
import { useId, useRef, useState } from 'react';
import { Modal } from 'semantic-ui-react';
import { useDialogFocus } from '@wenrun/shared/ui';
import { EMPTY_DRAFT, type LoginDraft, type LoginMethod } from '../login/draft';
import { LoginForm } from '../login/LoginForm';
import { LoginTabs } from '../login/LoginTabs';
// Semantic's modal styles come with the modal, not with every page (shared carries only the first-paint set).
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/transition.min.css';
import '../login/login.css';

/**
 * docs/SPEC.md §2, §4: the login modal, shown by the shared `showLoginModal` flag; password login first. It stays
 * mounted while hidden (the shell keeps it), so the chosen tab, the mobile and the code survive closing it.
 */
const LoginModal = observer(function LoginModal() {
  const id = useId();
  const [method, setMethod] = useState<LoginMethod>('password');
  const [draft, setDraft] = useState<LoginDraft>(EMPTY_DRAFT);
  const body = useRef<HTMLDivElement>(null);
  // The first field still to fill in: with the mobile kept from last time, the visitor goes on with the secret.
  const dialogFocus = useDialogFocus(() => {
    const inputs = [...(body.current?.querySelectorAll('input') ?? [])];
    return inputs.find((input) => input.value === '') ?? inputs[0];
  });
  const titleId = `${id}-title`;
  const panelId = `${id}-panel`;
  const tabId = (tab: LoginMethod) => `${id}-tab-${tab}`;

  const hide = () => uiStore.setShowLoginModal(false);
  // The visitor walked away: a typed password does not wait in the page for whoever opens the modal next.
  const close = () => {
    setDraft((current) => ({ ...current, password: '' }));
    hide();
  };

  return (
    <Modal
      open={uiStore.showLoginModal}
      onClose={close}
      {...dialogFocus}
      size="tiny"
      className="login-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <Modal.Header as="h2" id={titleId}>
        登录文润教育
      </Modal.Header>
      <Modal.Content>
        <div ref={body}>
          <LoginTabs method={method} onSelect={setMethod} tabId={tabId} panelId={panelId} />
          {/* Not named after its tab: 密码登录 would also answer to the label 密码 that tests and tools look for. */}
          <div role="tabpanel" id={panelId}>
            <LoginForm
              // A fresh form per tab: the other method's validation messages do not carry over.
              key={method}
              method={method}
              draft={draft}
              onDraftChange={(change) => setDraft((current) => ({ ...current, ...change }))}
              onLoggedIn={() => {
                setDraft(EMPTY_DRAFT);
                hide();
              }}
            />
          </div>
        </div>
      </Modal.Content>
      {/* The site's round × (shared's .modal-close; Modal's own closeIcon is a glyph of Semantic's icon font, which the
          site does not load), last in the tab order: the form comes first, the way out after it. */}
      <button type="button" className="modal-close" aria-label="关闭" onClick={close}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </Modal>
  );
});

export default LoginModal;
