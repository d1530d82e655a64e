import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { BrowserRouter, createRoutesFromElements, Route, useLocation, useRoutes } from 'react-router-dom';
import { AppFeedback, ROUTER_FUTURE } from '@wenrun/shared';
import { HomePage } from '../home/HomePage';
import { Redirect, REDIRECTS } from './redirects';
import { AboutRoute, ActivityRoute, SearchRoute } from './remoteRoutes';
import { PageErrorBoundary } from './PageErrorBoundary';
import { WrittenPath } from './writtenPath';

/** The layout (header slot, footer) is a chunk of its own: the activity pages, which have none, never load it. */
export const loadLayout = () => import('../layout/Layout').then((module) => module.Layout);

const LazyLayout = lazy(() => loadLayout().then((Layout) => ({ default: Layout })));

interface AppProps {
  /**
   * The layout, when the first page needs it: loaded before the first render so that a prerendered page is
   * replaced in one commit. A visit that starts without it (an activity page) loads it on demand.
   */
  Layout?: ComponentType;
}

/**
 * SPEC.md §2. Any unknown path shows the home page with its URL left as typed: the visitor keeps what they asked
 * for in the address bar (and can correct a typo there), while the canonical link tells search engines `/`.
 */
export function App({ Layout }: AppProps) {
  // Marks the moment the app runs the page (a prerendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  const layout = Layout ? (
    <Layout />
  ) : (
    <Suspense fallback={null}>
      <LazyLayout />
    </Suspense>
  );
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <SiteRoutes layout={layout} />
      <AppFeedback />
    </BrowserRouter>
  );
}

/**
 * React Router decodes `%0A` into a line break, which no route pattern matches, not even `*`, and the page would
 * stay empty. Such a path is routed without its line breaks; the pages still read it as written. (Only then:
 * routing a location of our own would report every navigation as a "pop" to the pages.)
 */
function SiteRoutes({ layout }: { layout: JSX.Element }) {
  const location = useLocation();
  const routes = useMemo(
    () =>
      createRoutesFromElements(
        <>
          <Route path="/wuyou/*" element={<ActivityRoute />} />
          <Route element={layout}>
            <Route index element={<HomePage />} />
            {Object.entries(REDIRECTS).map(([from, to]) => (
              <Route key={from} path={from} element={<Redirect to={to} />} />
            ))}
            <Route path="about/*" element={<AboutRoute />} />
            <Route path="search/*" element={<SearchRoute />} />
            <Route path="*" element={<HomePage />} />
          </Route>
        </>,
      ),
    [layout],
  );
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
