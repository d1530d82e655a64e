import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { AppFeedback, REDIRECTS, routeOf, usePath } from '@wenrun/shared';
import { Redirect } from './redirects';
import { RoutePage } from './RoutePage';
import { PageErrorBoundary } from './PageErrorBoundary';

/** The layout (header slot, footer) is a chunk of its own: the activity pages, which have none, never load it. */
export const loadLayout = () => import(/* webpackChunkName: "layout" */ '../layout/Layout').then((module) => module.Layout);

const LazyLayout = lazy(() => loadLayout().then((Layout) => ({ default: Layout })));

function LayoutOnDemand({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <LazyLayout>{children}</LazyLayout>
    </Suspense>
  );
}

type LayoutComponent = ComponentType<{ children: ReactNode }>;

interface AppProps {
  /**
   * The layout, when the first page needs it: loaded before the first render, so that a server-rendered page is
   * hydrated in one pass. A visit that starts without it (an activity page) loads it on demand.
   */
  Layout?: LayoutComponent;
}

/**
 * docs/SPEC.md §2, the routes of the route manifest (`@wenrun/shared`). Any unknown path shows the home page with its
 * URL left as typed: the visitor keeps what they asked for in the address bar, while the canonical link tells
 * search engines `/`. The address is the browser's or, on the server, the request's (`SiteRouter`).
 */
export function App({ Layout = LayoutOnDemand }: AppProps) {
  // Marks the moment the app runs the page (a server-rendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return (
    <>
      <SiteRoutes Layout={Layout} />
      <AppFeedback />
    </>
  );
}

/** The page of the address: the manifest's route for it (the same choice the server made), in the layout if it has one. */
function SiteRoutes({ Layout }: { Layout: LayoutComponent }) {
  const path = usePath();
  const redirect = REDIRECTS[path];
  const route = routeOf(path);
  const page = redirect ? <Redirect to={redirect} /> : <RoutePage route={route} />;
  return (
    <PageErrorBoundary resetKey={path}>{redirect || route.layout ? <Layout>{page}</Layout> : page}</PageErrorBoundary>
  );
}
