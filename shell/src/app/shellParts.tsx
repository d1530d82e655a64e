import type { SiteRoute } from '@wenrun/shared';
import { preloadable } from './preloadable';
import { routePageOf } from './RoutePage';

/** The layout (header slot, footer) is a chunk of its own: the activity pages, which have none, never load it. */
export const SiteLayout = preloadable(() =>
  import(/* webpackChunkName: "layout" */ '../layout/Layout').then((module) => module.Layout),
);

/** The shell's chunks the route's page shows, fetched before the page is rendered or hydrated. */
export function preloadShellParts(route: SiteRoute): Promise<unknown> {
  return Promise.all([route.layout && SiteLayout.preload(), routePageOf(route).preload?.()]);
}

/** Whether the shell's chunks the route's page shows are in, so that it renders without suspending. */
export function shellPartsLoaded(route: SiteRoute): boolean {
  return (!route.layout || SiteLayout.loaded()) && (routePageOf(route).loaded?.() ?? true);
}
