import { StaticRouter } from 'react-router-dom/server';
import {
  modulesOf,
  NOT_FOUND_CODE,
  organizationJsonLd,
  PageDataProvider,
  PageDataStore,
  redirectOf,
  routeOf,
  ROUTER_FUTURE,
  setRuntimeConfig,
  type PageDataFailure,
  type PageHead,
  type PageState,
  type RouteId,
  type RuntimeConfig,
} from '@wenrun/shared';
import { App } from '../app/App';
import { preloadShellParts } from '../app/shellParts';
import { loadExposed, moduleId, registerSiteRemotes } from '../remotes/registry';
import { SlotsFailedOnServerProvider } from '../remotes/slotStatus';
import { renderToHtml } from './renderToHtml';

export interface RenderSetup {
  config: RuntimeConfig;
  /** The public address of the site, without a trailing slash. */
  siteUrl: string;
  /** Where API calls go, when not to `config.apiBaseUrl` (a build's own reference API). */
  apiTarget?: string;
  /** A data call slower than this fails the render (the caller serves the client-rendered page instead). */
  dataTimeoutMs: number;
  /** A render that takes longer than this is abandoned. */
  renderTimeoutMs: number;
}

export type RenderedPage =
  | { kind: 'redirect'; status: 301; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      routeId: RouteId;
      head: PageHead;
      /** The organisation, then the page's own structured data. */
      jsonLd: object[];
      markup: string;
      state: PageState;
      /** Data the page could not get for a reason other than "no such thing": the page must not be served. */
      unavailable: [key: string, failure: PageDataFailure][];
    };

let registeredConfig = '';

/** The process renders for one site: its config is set once, and again only when it changes. */
function applyConfig(config: RuntimeConfig): void {
  const serialized = JSON.stringify(config);
  if (serialized === registeredConfig) return;
  setRuntimeConfig(config);
  registerSiteRemotes(config);
  registeredConfig = serialized;
}

/**
 * Renders `url` (path and query) as the browser would show it, logged out, with the data it shows fetched here
 * and embedded. Nothing of one render reaches another: the data store, the failed slots and the router are made
 * per render; what is shared (the config, the loaded remote modules) is read-only.
 */
export async function renderPage(url: string, setup: RenderSetup): Promise<RenderedPage> {
  // As the browser will read it when it hydrates: parsed, so normalized the same way.
  const { pathname, search } = new URL(url, 'http://render.invalid');
  const redirect = redirectOf(pathname);
  if (redirect) return { kind: 'redirect', status: 301, location: redirect };

  applyConfig(setup.config);
  const { route, params } = routeOf(pathname);
  const slots = modulesOf(route);
  const failedSlots = new Set<string>();
  await Promise.all([
    preloadShellParts(route),
    ...slots.map((ref) =>
      loadExposed(ref.remote, ref.module).catch(() => {
        failedSlots.add(moduleId(ref.remote, ref.module));
      }),
    ),
  ]);

  const store = new PageDataStore('server', {}, new Date(), {
    timeout: setup.dataTimeoutMs,
    ...(setup.apiTarget ? { baseURL: setup.apiTarget } : {}),
  });
  const markup = await renderToHtml(
    <PageDataProvider store={store}>
      <SlotsFailedOnServerProvider value={new Set(failedSlots)}>
        <StaticRouter location={`${pathname}${search}`} future={ROUTER_FUTURE}>
          <App />
        </StaticRouter>
      </SlotsFailedOnServerProvider>
    </PageDataProvider>,
    setup.renderTimeoutMs,
  );

  const context = { pathname, params, config: setup.config, siteUrl: setup.siteUrl, data: store };
  const head = route.head(context);
  return {
    kind: 'page',
    status: route.status(context),
    routeId: route.id,
    head,
    jsonLd: [organizationJsonLd(context), ...head.jsonLd],
    markup,
    state: { data: store.toJSON(), failedSlots: [...failedSlots], renderedAt: store.renderedAt.toISOString(), config: setup.config },
    unavailable: store.failures().filter(([, failure]) => failure.code !== NOT_FOUND_CODE),
  };
}
