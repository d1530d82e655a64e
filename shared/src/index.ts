/**
 * The public surface of `shared`: the one copy of what every part needs. Parts import from here only, never
 * from a file inside. Shared as a federation singleton, so every remote in the page holds the same objects.
 */
import './styles';

export * from './constants';
export * from './config/parts';
export {
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
  type ContactInfo,
  type OfficialAccount,
  type RuntimeConfig,
} from './config/runtimeConfig';
export * from './api/types';
export { ApiError, assetUrl, del, get, http, isApiError, post, put, type CallOptions } from './api/client';
export { API_PATHS, api } from './api/endpoints';
export { track } from './api/stats';
export { notify } from './feedback/notify';
export { alertDialog, confirmDialog, type DialogOptions } from './feedback/dialog';
export { LoadingIndicator } from './feedback/loading';
export { AppFeedback } from './feedback/AppFeedback';
export { useDialogFocus, type DialogFocus } from './a11y/dialogFocus';
export * from './validation';
export * from './content/aboutSections';
export { DEFAULT_AVATAR, LoginStore, loginStore, maskMobile, type LoginState } from './stores/LoginStore';
export { UiStore, uiStore } from './stores/UiStore';
export { persistStore, type PersistOptions, type StorageArea, type StoredValueSchema } from './stores/persist';
export * from './content/routes';
export { mountStandalone } from './dev/mountStandalone';
export { PRERENDER_DATA_ID, readPrerendered, rememberForPrerender } from './prerender/snapshot';
