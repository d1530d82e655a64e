/**
 * `@wenrun/shared/node`: shared's front door for Node code — the render server, the reference API, deploy, the bench,
 * the browser tests and the build's configs. The same modules the browser gets through `@wenrun/shared` (so the
 * server, the build and the tests read the one copy: the parts table, the route manifest, the API's paths and wire
 * types, the runtime config's parser, the field data format, the validation rules, the site's texts), and how every
 * server process of the site listens and stops (`./server/serverProcess.ts`). What a server answers (refusals, headers,
 * the client page) is in `@wenrun/server-plugins`.
 *
 * Nothing here loads the browser's side: no store, no stylesheet, no component, no toast, not the API client (the
 * calls stay in `@wenrun/shared`; their paths are here). The route manifest and the route patterns match paths with
 * react-router-dom's `matchRoutes`, as the browser does, so that package loads, and renders nothing. `node.test.ts`
 * fails when a module of the browser's side comes along. Only Node resolves this entry (the `node` condition in
 * shared's package.json): a part's build cannot bundle it.
 */
export * from './constants';
export * from './time';
export * from './config/parts';
export * from './config/configDigest';
export * from './config/guardVerdict';
export * from './config/releaseSetting';
export * from './config/releaseDigests';
export * from './federation/pinnedFiles';
export { DEFAULT_RUNTIME_CONFIG, HTTPS_ONLY_MESSAGE, MAX_REMOTE_ENTRIES, NO_ENTRY_MESSAGE, parseRuntimeConfig, RUNTIME_CONFIG_FIELDS, type CanaryRelease, type ParseOptions, type ParsedRuntimeConfig, type RuntimeConfig } from './config/runtimeConfig';
export * from './api/types';
export { API_PATHS, SERVICE_TOKEN_HEADER } from './api/paths';
export * from './api/fieldData';
export * from './api/fieldSeries';
export * from './api/renderServerMetrics';
export * from './routing/manifest';
export * from './routing/pageTarget';
export * from './routing/pageDataKeys';
export * from './content/routes';
export * from './content/aboutSections';
export { PAGE_STATE_ID, parsePageState, type PageState } from './pageData/pageState';
export { activityDescription } from './activity/description';
export { isActivityId } from './activity/ids';
export { ACTIVITY_PROBLEM_TITLES, type ActivityProblemKind } from './activity/problems';
export { maskMobile, MOBILE_PATTERN } from './validation';
export { seededRandom } from './seededRandom';
export * from './federation/files';
export * from './server/serverProcess';
export { withDatabasePassword } from './server/databasePassword';
