import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { createRoutesFromElements, Route, useLocation, useRoutes } from 'react-router-dom';
import { AppFeedback, REDIRECTS, SITE_ROUTES } from '@wenrun/shared';
import { Redirect } from './redirects';
import { RoutePage } from './RoutePage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { WrittenPath } from './writtenPath';

/** The layout (header slot, footer) is a chunk of its own: the activity pages, which have none, never load it. */
export const loadLayout = () => import('../layout/Layout').then((module) => module.Layout);

const LazyLayout = lazy(() => loadLayout().then((Layout) => ({ default: Layout })));

interface AppProps {
  /**
   * The layout, when the first page needs it: loaded before the first render, so that a server-rendered page is
   * hydrated in one pass. A visit that starts without it (an activity page) loads it on demand.
   */
  Layout?: ComponentType;
}

/**
 * docs/SPEC.md §2, the routes of the route manifest (`@wenrun/shared`). Any unknown path shows the home page with its
 * URL left as typed: the visitor keeps what they asked for in the address bar, while the canonical link tells
 * search engines `/`. The router around it is the browser's or, on the server, a static one.
 */
export function App({ Layout }: AppProps) {
  // Marks the moment the app runs the page (a server-rendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  const layout = Layout ? (
    <Layout />
  ) : (
    <Suspense fallback={null}>
      <LazyLayout />
    </Suspense>
  );
  return (
    <>
      <SiteRoutes layout={layout} />
      <AppFeedback />
    </>
  );
}

/**
 * React Router decodes `%0A` into a line break, which no route pattern matches, not even `*`, and the page would
 * stay empty. Such a path is routed without its line breaks; the pages still read it as written. (Only then:
 * routing a location of our own would report every navigation as a "pop" to the pages.)
 */
function SiteRoutes({ layout }: { layout: JSX.Element }) {
  const location = useLocation();
  const routes = useMemo(() => {
    const page = (route: (typeof SITE_ROUTES)[number]) =>
      route.path === '/' ? (
        <Route key={route.id} index element={<RoutePage route={route} />} />
      ) : (
        <Route key={route.id} path={route.path} element={<RoutePage route={route} />} />
      );
    return createRoutesFromElements(
      <>
        {SITE_ROUTES.filter((route) => !route.layout).map(page)}
        <Route element={layout}>
          {Object.entries(REDIRECTS).map(([from, to]) => (
            <Route key={from} path={from} element={<Redirect to={to} />} />
          ))}
          {SITE_ROUTES.filter((route) => route.layout).map(page)}
        </Route>
      </>,
    );
  }, [layout]);
  const routed = useRoutes(routes);
  const routedWithoutLineBreaks = useRoutes(routes, {
    ...location,
    pathname: location.pathname.replace(/%0[ad]|[\r\n]/gi, ''),
  });
  return (
    <WrittenPath.Provider value={location.pathname}>
      <PageErrorBoundary resetKey={location.pathname}>{routed ?? routedWithoutLineBreaks}</PageErrorBoundary>
    </WrittenPath.Provider>
  );
}
