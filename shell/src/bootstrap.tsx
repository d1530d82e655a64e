import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  fallbackRuntimeConfig,
  loadRuntimeConfig,
  modulesOf,
  PageDataProvider,
  PageDataStore,
  PINNED_FILES_GLOBAL,
  readPageState,
  routeOf,
  ROUTER_FUTURE,
} from '@wenrun/shared';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { preloadShellParts } from './app/shellParts';
import { sampleFieldData } from './fieldData/sampleFieldData';
import { replayEarlyTaps } from './taps/replayEarlyTaps';
import { createRemoteLoader, moduleId } from './remotes/remoteLoader';
import { SlotsProvider } from './remotes/slotContext';
import { watchSlotHydration } from './remotes/slotHydration';
import './shell.css';

/**
 * A server-rendered page is hydrated once the route's remote modules are loaded, so it is hydrated in one pass.
 * A slower remote does not hold the rest of the page back past this: its slot keeps the server's markup and
 * hydrates when the module arrives.
 */
const HYDRATE_WAIT_MS = 3_000;

export async function start(container: HTMLElement) {
  const pageState = container.hasChildNodes() ? readPageState(document) : null;
  const route = routeOf(window.location.pathname).route;
  const shellParts = preloadShellParts(route);
  // Served beside index.html, read before anything renders (docs/ARCHITECTURE.md: the ops surface).
  const config = await loadRuntimeConfig('/runtime-config.json', fetch, () => fallbackRuntimeConfig(window.location, pageState?.config));
  // The page's one loader of remote modules: the slots, the navigations and field data load through it.
  const loader = createRemoteLoader(config);
  // The remotes' chunk loading asks it for each file's digest (PinnedChunksPlugin); no remote code may replace it.
  Object.defineProperty(window, PINNED_FILES_GLOBAL, { value: loader.pinnedFiles });
  sampleFieldData(config, { route: route.path, canary: loader.canary, loader });

  const failedOnServer = new Set(pageState?.failedSlots ?? []);
  const slots = modulesOf(route)
    .map((ref) => ({ ...ref, id: moduleId(ref.remote, ref.module) }))
    .filter((slot) => !failedOnServer.has(slot.id));
  // Started now, not when React first renders the slots: the remotes download while the app chunks do.
  const loads = slots.map((slot) => loader.load(slot.remote, slot.module).catch(() => undefined));
  const hydration = watchSlotHydration({ failedOnServer, awaiting: pageState ? slots.map((slot) => slot.id) : [] });

  const store = new PageDataStore('browser', pageState?.data, pageState ? new Date(pageState.renderedAt) : new Date());
  const app = (
    <PageDataProvider store={store}>
      <SlotsProvider loader={loader} hydration={hydration}>
        <BrowserRouter future={ROUTER_FUTURE}>
          <App />
        </BrowserRouter>
      </SlotsProvider>
    </PageDataProvider>
  );

  await shellParts;
  if (!pageState) {
    // The client-rendered page (app.html): the history-mode fallback, and what a page with unusable state becomes.
    if (container.hasChildNodes()) container.replaceChildren();
    createRoot(container).render(app);
    return;
  }
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS))]);
  // A task of its own for hydration: the remotes' modules are evaluated as their loads resolve, in promise callbacks
  // that would otherwise run on into hydrating in one long task (bench:main-thread).
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Taps the page's inline start script held before the app was there are acted on as their controls come alive.
  replayEarlyTaps(hydrateRoot(container, app, { onRecoverableError: hydration.onRecoverableError }));
}
