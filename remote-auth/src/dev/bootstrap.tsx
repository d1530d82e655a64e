import { loginStore, observer, uiStore } from '@wenrun/shared/stores';
import { Button } from 'semantic-ui-react';
import { maskMobile } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import LoginModal from '../exposes/LoginModal';

/** The login modal with a view of the shared login store, as a remote team would exercise it alone. */
const DevPage = observer(function DevPage() {
  return (
    <div className="dev-page">
      <h1>登录弹窗独立调试页</h1>
      <p data-testid="dev-login-state">
        {loginStore.isLoggedIn ? `已登录：${maskMobile(loginStore.mobile)}（${loginStore.schoolName}）` : '未登录'}
      </p>
      <Button primary type="button" onClick={() => uiStore.setShowLoginModal(true)}>
        打开登录弹窗
      </Button>
      {loginStore.isLoggedIn && (
        <Button type="button" onClick={() => loginStore.logout()}>
          退出登录
        </Button>
      )}
      <LoginModal />
    </div>
  );
});

mountStandalone('登录', <DevPage />);
