import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  fallbackRuntimeConfig,
  loadRuntimeConfig,
  modulesOf,
  PageDataProvider,
  PageDataStore,
  readPageState,
  routeOf,
  ROUTER_FUTURE,
} from '@wenrun/shared';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { preloadShellParts } from './app/shellParts';
import { sampleFieldData } from './fieldData/sampleFieldData';
import { replayEarlyTaps } from './taps/replayEarlyTaps';
import { loadExposed, moduleId, registerSiteRemotes } from './remotes/registry';
import { expectHydration, onRecoverableError, SlotsFailedOnServerProvider } from './remotes/slotStatus';
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
  const config = await loadRuntimeConfig('/runtime-config.json', fetch, fallbackRuntimeConfig(window.location, pageState?.config));
  const releases = registerSiteRemotes(config);
  sampleFieldData(config, { route: route.path, canary: Object.keys(releases.canary) });

  const failedOnServer = new Set(pageState?.failedSlots ?? []);
  const slots = modulesOf(route).filter((ref) => !failedOnServer.has(moduleId(ref.remote, ref.module)));
  // Started now, not when React first renders the slots: the remotes download while the app chunks do.
  const loads = slots.map((ref) => loadExposed(ref.remote, ref.module).catch(() => undefined));

  const store = new PageDataStore('browser', pageState?.data, pageState ? new Date(pageState.renderedAt) : new Date());
  const app = (
    <PageDataProvider store={store}>
      <SlotsFailedOnServerProvider value={failedOnServer}>
        <BrowserRouter future={ROUTER_FUTURE}>
          <App />
        </BrowserRouter>
      </SlotsFailedOnServerProvider>
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
  expectHydration(slots.map((ref) => moduleId(ref.remote, ref.module)));
  // Taps the page's loader held before the app was there are acted on as their controls come alive.
  replayEarlyTaps(hydrateRoot(container, app, { onRecoverableError }));
}
