/**
 * The public surface of `shared`: the one copy of what every part needs. Parts import from here only, never
 * from a file inside. Shared as a federation singleton, so every remote in the page holds the same objects.
 */
import './styles';

export * from './constants';
export * from './time';
export * from './config/parts';
export * from './config/guardVerdict';
export * from './config/releaseSetting';
export * from './config/releaseDigests';
export * from './federation/pinnedFiles';
export {
  DEFAULT_RUNTIME_CONFIG,
  fallbackRuntimeConfig,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
  type CanaryRelease,
  type ContactInfo,
  type FieldDataConfig,
  type OfficialAccount,
  type RuntimeConfig,
} from './config/runtimeConfig';
export * from './api/types';
export * from './api/fieldData';
export * from './api/fieldSeries';
export * from './api/renderServerMetrics';
export { ApiError, assetUrl, del, get, isApiError, post, put, type CallOptions } from './api/client';
export { api } from './api/endpoints';
export { API_PATHS } from './api/paths';
export { track } from './api/stats';
export { notify } from './feedback/notify';
export { alertDialog, confirmDialog, type DialogOptions } from './feedback/dialog';
export { AppFeedback } from './feedback/AppFeedback';
export { showProgressWhile } from './feedback/loading';
export * from './validation';
export { storedLoginSchema, type LoginState } from './validation/storedLogin';
export * from './content/aboutSections';
export { storageArea, type StorageArea } from './storageArea';
export * from './content/routes';
export { PageDataStore, failureOf, type PageDataEntry, type PageDataFailure, type PageDataLoader } from './pageData/PageDataStore';
export { PageDataProvider, usePageDataStore } from './pageData/context';
export { usePageData, usePageDataRevision, type PageDataParser, type PageDataState } from './pageData/usePageData';
export { takeTypedValue, useHydrated, useNow } from './pageData/hydration';
export { PAGE_STATE_ID, parsePageState, readPageState, type PageState } from './pageData/pageState';
export * from './routing/manifest';
export type { PageTarget } from './routing/pageTarget';
export { ROUTER_FUTURE } from './routing/routerOptions';
export * from './routing/pageDataKeys';
export { parseActivity } from './activity/parseActivity';
export { ACTIVITY_FACT_LABELS, activityDescription } from './activity/description';
export { isActivityId } from './activity/ids';
export { ACTIVITY_PROBLEM_TITLES, type ActivityProblemKind } from './activity/problems';
export * from './activity/schedule';
