/**
 * The MobX stores of the page (docs/SPEC.md §3), shared once in the page as `@wenrun/shared/stores`: who is logged
 * in, the small UI flags, and the one persistence helper. Apart from `@wenrun/shared` so that a page that shows no
 * login (an activity page) loads neither them nor MobX.
 */
export { DEFAULT_AVATAR, LoginStore, loginStore, type LoginState } from './LoginStore';
export { UiStore, uiStore } from './UiStore';
export { persistStore, type PersistOptions, type StoredValueSchema } from './persist';
