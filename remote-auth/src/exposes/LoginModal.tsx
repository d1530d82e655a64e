import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Menu, Modal } from 'semantic-ui-react';
import { uiStore } from '@wenrun/shared';
import { LoginForm, type LoginMethod } from '../login/LoginForm';
import '../login/login.css';

const METHODS: { method: LoginMethod; title: string }[] = [
  { method: 'password', title: '密码登录' },
  { method: 'code', title: '验证码登录' },
];

/** SPEC.md §2, §4: the login modal, shown by the `showLoginModal` flag; password login first. */
const LoginModal = observer(function LoginModal() {
  const [method, setMethod] = useState<LoginMethod>('password');
  return (
    <Modal
      open={uiStore.showLoginModal}
      onClose={() => uiStore.setShowLoginModal(false)}
      closeIcon
      size="tiny"
      className="login-modal"
      aria-labelledby="login-modal-title"
    >
      <Modal.Header id="login-modal-title">登录文润教育</Modal.Header>
      <Modal.Content>
        <Menu pointing secondary widths={2} role="tablist" className="login-modal__tabs">
          {METHODS.map((item) => (
            <Menu.Item
              key={item.method}
              as="button"
              type="button"
              role="tab"
              aria-selected={method === item.method}
              active={method === item.method}
              onClick={() => setMethod(item.method)}
            >
              {item.title}
            </Menu.Item>
          ))}
        </Menu>
        <div role="tabpanel">
          <LoginForm key={method} method={method} />
        </div>
      </Modal.Content>
    </Modal>
  );
});

export default LoginModal;
