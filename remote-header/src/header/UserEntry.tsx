import { observer } from 'mobx-react-lite';
import { loginStore, maskMobile, notify, MESSAGES, uiStore } from '@wenrun/shared';

/** 登录 for a visitor; avatar, masked mobile and 退出登录 once logged in. Reacts to the shared store at once. */
export const UserEntry = observer(function UserEntry() {
  if (!loginStore.isLoggedIn) {
    return (
      <button type="button" className="ui basic button header-login" onClick={() => uiStore.setShowLoginModal(true)}>
        登录
      </button>
    );
  }
  return (
    <div className="header-user">
      <img className="header-user__avatar" src={loginStore.avatar} alt="" width={32} height={32} />
      <span className="header-user__mobile" data-testid="header-user-mobile">
        {maskMobile(loginStore.mobile)}
      </span>
      <button
        type="button"
        className="header-user__logout"
        onClick={() => {
          loginStore.logout();
          notify.info(MESSAGES.logoutSuccess);
        }}
      >
        退出登录
      </button>
    </div>
  );
});
