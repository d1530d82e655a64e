import { DEFAULT_AVATAR, loginStore, observer, uiStore } from '@wenrun/shared/stores';
import { useState, type SyntheticEvent } from 'react';
import { Button } from 'semantic-ui-react';
import { api, assetUrl, maskMobile, MESSAGES, notify, useHydrated } from '@wenrun/shared';

/** An avatar that cannot be loaded (a dead link in the login reply) becomes the default one, once. */
function showDefaultAvatar(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = DEFAULT_AVATAR;
}

/**
 * docs/SPEC.md §3, §6: 登录 for a visitor; avatar, masked mobile and 退出登录 once logged in. Reads the shared login
 * store, so a login made in the auth remote shows here at once. The login lives in the browser: pages are rendered
 * logged out, and a logged-in visitor's entry shows once the page has been hydrated.
 */
export const UserEntry = observer(function UserEntry() {
  const hydrated = useHydrated();
  const [endingSession, setEndingSession] = useState(false);
  if (!hydrated || !loginStore.isLoggedIn) {
    return (
      <Button type="button" basic className="header-login" aria-haspopup="dialog" onClick={() => uiStore.setShowLoginModal(true)}>
        登录
      </Button>
    );
  }
  const masked = maskMobile(loginStore.mobile);
  return (
    <div className="header-user">
      <img
        key={loginStore.avatar}
        className="header-user__avatar"
        // Avatars in login replies are paths on the API host, like every image the API names.
        src={assetUrl(loginStore.avatar)}
        alt=""
        width={32}
        height={32}
        title={loginStore.schoolName || masked}
        onError={showDefaultAvatar}
      />
      <span className="header-user__mobile" data-testid="header-user-mobile">
        {masked}
      </span>
      <Button
        type="button"
        className="header-text-button header-user__logout"
        disabled={endingSession}
        aria-busy={endingSession}
        onClick={async () => {
          // Logged out only once the server has ended the session: a token it still honours must not look ended.
          // A failure (envelope, timeout, network, HTTP status) is shown by the shared client (SPEC §8).
          setEndingSession(true);
          try {
            await api.logout({ token: loginStore.token });
          } catch {
            return;
          } finally {
            setEndingSession(false);
          }
          loginStore.logout();
          notify.info(MESSAGES.logoutSuccess);
        }}
      >
        退出登录
      </Button>
    </div>
  );
});
