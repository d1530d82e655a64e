import { Suspense, useEffect } from 'react';
import { AppFeedback, REDIRECTS, routeOf, usePath, type SiteRoute } from '@wenrun/shared';
import { preloadable } from './preloadable';
import { Redirect } from './redirects';
import { RoutePage, routePageOf } from './RoutePage';
import { PageErrorBoundary } from './PageErrorBoundary';

/** The layout (header slot, footer) is a chunk of its own: the activity pages, which have none, never load it. */
const SiteLayout = preloadable(() =>
  import(/* webpackChunkName: "layout" */ '../layout/Layout').then((module) => module.Layout),
);

/** The shell's chunks the route's page shows, fetched before the page is rendered or hydrated. */
export function preloadShellParts(route: SiteRoute): Promise<unknown> {
  return Promise.all([route.layout && SiteLayout.preload(), routePageOf(route).preload?.()]);
}

/**
 * docs/SPEC.md §2, the routes of the route manifest (`@wenrun/shared`). Any unknown path shows the home page with its
 * URL left as typed: the visitor keeps what they asked for in the address bar, while the canonical link tells
 * search engines `/`. The address is the browser's or, on the server, the request's (`SiteRouter`).
 */
export function App() {
  // Marks the moment the app runs the page (a server-rendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return (
    <>
      <SiteRoutes />
      <AppFeedback />
    </>
  );
}

/** The page of the address: the manifest's route for it (the same choice the server made), in the layout if it has one. */
function SiteRoutes() {
  const path = usePath();
  const redirect = REDIRECTS[path];
  const route = routeOf(path);
  const page = redirect ? <Redirect to={redirect} /> : <RoutePage route={route} />;
  return (
    <PageErrorBoundary resetKey={path}>
      {redirect || route.layout ? (
        <Suspense fallback={null}>
          <SiteLayout>{page}</SiteLayout>
        </Suspense>
      ) : (
        page
      )}
    </PageErrorBoundary>
  );
}
