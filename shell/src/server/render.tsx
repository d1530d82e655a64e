import { StaticRouter } from 'react-router-dom/server';
import {
  modulesOf,
  NOT_FOUND_CODE,
  organizationJsonLd,
  PageDataProvider,
  PageDataStore,
  redirectOf,
  routeById,
  ROUTER_FUTURE,
  setRuntimeConfig,
  type PageDataFailure,
  type PageHead,
  type PageState,
  type PageTarget,
  type RemoteName,
  type RouteId,
  type RuntimeConfig,
} from '@wenrun/shared';
import { App } from '../app/App';
import { preloadShellParts } from '../app/shellParts';
import type { RefusedFile } from '../remotes/integrityPlugin';
import { createRemoteLoader, moduleId, type RemoteLoader } from '../remotes/remoteLoader';
import { SlotsProvider } from '../remotes/slotContext';
import { watchSlotHydration } from '../remotes/slotHydration';
import { renderToHtml } from './renderToHtml';

export type { RefusedFile } from '../remotes/integrityPlugin';

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

/**
 * The runtime config this process renders with and its remote loader. The process renders for one site: the config
 * is set once, and again when it changes (ops edited the file), with a loader of its own for the new config.
 */
let site: { config: string; loader: RemoteLoader } | undefined;
/** Who is told of each remote file refused for its digest (the render server's figures). */
const refusedListeners = new Set<(refused: RefusedFile) => void>();

export function observeRefusedFiles(listener: (refused: RefusedFile) => void): void {
  refusedListeners.add(listener);
}

/**
 * A site served over https (the production form) refuses a remote's file that its release pins no digest for, as
 * the browser does on an https page (`createRemoteLoader`).
 */
function loaderFor(config: RuntimeConfig, siteUrl: string): RemoteLoader {
  const serialized = JSON.stringify(config);
  if (site?.config === serialized) return site.loader;
  setRuntimeConfig(config);
  if (site) {
    site = { config: serialized, loader: site.loader.forConfig(config) };
    return site.loader;
  }
  const loader = createRemoteLoader(config, undefined, { pinsRequired: siteUrl.startsWith('https:') });
  loader.observeRefusedFiles((refused) => refusedListeners.forEach((listener) => listener(refused)));
  site = { config: serialized, loader };
  return loader;
}

/** A new build of `remote` is published at its address: the next render loads it. */
export function reloadRemote(remote: RemoteName): void {
  site?.loader.reload(remote);
}

/**
 * Renders the page `target` asks for (resolved by the caller, `pageTarget`) as the browser would show it, logged
 * out, with the data it shows fetched here and embedded. Nothing of one render reaches another: the data store, the
 * failed slots and the router are made per render; what renders share is the config and its remote loader (the
 * modules loaded for it).
 */
export async function renderPage(target: PageTarget, setup: RenderSetup): Promise<RenderedPage> {
  const { pathname, search, params } = target;
  const redirect = redirectOf(pathname);
  if (redirect) return { kind: 'redirect', status: 301, location: redirect };

  const loader = loaderFor(setup.config, setup.siteUrl);
  const route = routeById(target.routeId);
  const slots = modulesOf(route);
  const failedSlots = new Set<string>();
  await Promise.all([
    preloadShellParts(route),
    ...slots.map((ref) =>
      loader.load(ref.remote, ref.module).catch(() => {
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
      <SlotsProvider loader={loader} hydration={watchSlotHydration({ failedOnServer: failedSlots })}>
        <StaticRouter location={`${pathname}${search}`} future={ROUTER_FUTURE}>
          <App page={{ route, params, matched: target.matched }} />
        </StaticRouter>
      </SlotsProvider>
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
