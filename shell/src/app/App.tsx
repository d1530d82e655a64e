import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppFeedback, HOME_ROUTE, REDIRECTS, routeOf, SITE_ROUTES, type RouteMatch, type SiteRoute } from '@wenrun/shared';
import { Redirect } from './redirects';
import { RoutePage } from './RoutePage';
import { SiteLayout } from './shellParts';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useNavigationWait } from './navigationWait';

function LayoutRoute() {
  return (
    <Suspense fallback={null}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </Suspense>
  );
}

function pageRoute(route: SiteRoute): RouteObject {
  return { path: route.path, element: <RoutePage route={route} /> };
}

/**
 * docs/SPEC.md §2, the routes of the route manifest (`@wenrun/shared`) as React Router's routes: the pages with the
 * layout are children of the layout route, old addresses redirect. Any unknown path shows the home page with its URL
 * left as typed: the visitor keeps what they asked for in the address bar, while the canonical link tells search
 * engines `/`.
 */
const SITE_ROUTE_TREE: RouteObject[] = [
  {
    element: <LayoutRoute />,
    children: [
      ...SITE_ROUTES.filter((route) => route.layout).map(pageRoute),
      ...Object.entries(REDIRECTS).map(([path, to]) => ({ path, element: <Redirect to={to} /> })),
    ],
  },
  ...SITE_ROUTES.filter((route) => !route.layout).map(pageRoute),
];

/**
 * The app: the page of the address (the browser's, or on the server the request's) and the page-wide feedback. The
 * server hands it the request's page (`page`, resolved once per request by `pageTarget`); in the browser it is
 * resolved here, once per address.
 */
export function App({ page }: { page?: RouteMatch }) {
  // Marks the moment the app runs the page (a server-rendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return (
    <>
      <SiteRoutes page={page} />
      <AppFeedback />
    </>
  );
}

function SiteRoutes({ page }: { page: RouteMatch | undefined }) {
  const { pathname } = useLocation();
  const resolved = useMemo(() => page ?? routeOf(pathname), [page, pathname]);
  return (
    <PageErrorBoundary resetKey={pathname}>
      {/* Waited on only by a navigation, which is a transition: the page on screen stays until the next is ready. */}
      <Suspense fallback={null}>
        <RoutedPage page={resolved} />
      </Suspense>
    </PageErrorBoundary>
  );
}

function RoutedPage({ page }: { page: RouteMatch }) {
  useNavigationWait(page.route);
  // A path no pattern can match (React Router's patterns never match a line break, `/about/%0A`) is "any other
  // path": the home page, as the route manifest says (`RouteMatch.matched`) and the server renders it. The routes
  // themselves get the path as the visitor has it (`useLocation` inside them reads it), so React Router still warns
  // once of a path it cannot decode; nothing else here does (`decodablePath`).
  return useRoutes(SITE_ROUTE_TREE, page.matched ? undefined : HOME_ROUTE);
}
