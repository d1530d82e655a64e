import { Suspense, useEffect } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppFeedback, decodablePath, HOME_ROUTE, REDIRECTS, routeOf, SITE_ROUTES, type SiteRoute } from '@wenrun/shared';
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

/** The app: the page of the address (the browser's, or on the server the request's) and the page-wide feedback. */
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

function SiteRoutes() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      {/* Waited on only by a navigation, which is a transition: the page on screen stays until the next is ready. */}
      <Suspense fallback={null}>
        <RoutedPage route={routeOf(pathname).route} pathname={pathname} />
      </Suspense>
    </PageErrorBoundary>
  );
}

function RoutedPage({ route, pathname }: { route: SiteRoute; pathname: string }) {
  useNavigationWait(route);
  // A path no pattern can match (React Router's patterns never match a line break, `/about/%0A`) is "any other
  // path": the home page, as the route manifest says (`matchRoute`) and the server renders it. The routes themselves
  // get the path as the visitor has it (`useLocation` inside them reads it), so React Router still warns once of a
  // path it cannot decode; nothing else here does (`decodablePath`).
  return useRoutes(SITE_ROUTE_TREE, matchRoutes(SITE_ROUTE_TREE, decodablePath(pathname)) ? undefined : HOME_ROUTE);
}
