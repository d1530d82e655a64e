import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { getRuntimeConfig, usePageDataRevision, usePageDataStore, type RouteId, type SiteRoute } from '@wenrun/shared';
import { preloadable } from './preloadable';
import { AboutRoute, ActivityRoute, SearchRoute } from './remoteRoutes';

/** The home page is a chunk of its own: the other pages never load it. */
const HomePage = preloadable(() => import(/* webpackChunkName: "home" */ '../home/HomePage').then((module) => module.HomePage));

/** The page of each route of the manifest; a page that is a chunk of its own says how to preload it. */
const ROUTE_PAGES: Record<RouteId, ComponentType & { preload?: () => Promise<unknown>; loaded?: () => boolean }> = {
  home: HomePage,
  about: AboutRoute,
  search: SearchRoute,
  activity: ActivityRoute,
  other: HomePage,
};

export function routePageOf(route: SiteRoute): (typeof ROUTE_PAGES)[RouteId] {
  return ROUTE_PAGES[route.id];
}

function metaElement(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/**
 * Keeps the document's title, description, canonical link and robots rule those of the route's head (the
 * manifest's), as the visitor moves between pages and as the page's data arrives. The server wrote the same head
 * into the page it sent; this is for what happens after.
 */
function usePageHead(route: SiteRoute): void {
  const { pathname } = useLocation();
  // The params the router read for this route (its match is the page's): the path is not resolved again.
  const params = useParams();
  const store = usePageDataStore();
  const revision = usePageDataRevision();
  useEffect(() => {
    const head = route.head({ pathname, params, config: getRuntimeConfig(), siteUrl: window.location.origin, data: store });
    document.title = head.title;
    metaElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }))
      .setAttribute('content', head.description);
    metaElement('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' }))
      .setAttribute('content', head.noindex ? 'noindex' : 'index,follow');
    metaElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }))
      .setAttribute('href', new URL(head.canonicalPath, window.location.origin).toString());
  }, [route, pathname, params, store, revision]);
}

/** A route's page with its head. On the server the page may wait for its data here. */
export function RoutePage({ route }: { route: SiteRoute }) {
  usePageHead(route);
  const Page = routePageOf(route);
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
