import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as WouterLink, Router, useLocation, useRouter, type RouterOptions } from 'wouter';

/**
 * The site's routing, the one way every part reads and changes the address (docs/ARCHITECTURE.md, "Routing").
 * Which page a path shows is the route manifest's business (`routeOf`); what a page needs from a router is the
 * path, the query, links and navigation, so that is all there is: wouter underneath (about 2 KB), reached only
 * through this module, which travels inside the shared singleton, so the page has one router whoever renders.
 */

export type NavigationType = 'pop' | 'push' | 'replace';

let lastNavigation: NavigationType = 'pop';

// A page load and the browser's back and forward are pops; the site's own navigations pass through `aroundNav`.
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (lastNavigation = 'pop'));

const aroundNav: NonNullable<RouterOptions['aroundNav']> = (navigate, to, options) => {
  lastNavigation = options?.replace ? 'replace' : 'push';
  navigate(to, options);
};

/** How the address got to where it is: a page load or back/forward (`pop`), or a link or form of the site. */
export function navigationType(): NavigationType {
  return lastNavigation;
}

/**
 * Around the app: the browser's address, or on the server the request's (`path` with its query). Tests pass
 * `hook` and `searchHook` of an in-memory location (`@wenrun/shared/testing`).
 */
export function SiteRouter({ path, children, ...memory }: { path?: string; children: ReactNode } & Pick<RouterOptions, 'hook' | 'searchHook'>) {
  return (
    <Router ssrPath={path} aroundNav={aroundNav} {...memory}>
      {children}
    </Router>
  );
}

/**
 * The path as the address bar holds it, percent-encoded; a page decodes what it reads from it (one decoding, in
 * one place per page). wouter's own `useLocation` hands out a decoded path.
 */
export function usePath(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** The query of the address, read from what the address bar holds (wouter's `useSearch` decodes it first). */
export function useSearchParams(): URLSearchParams {
  const router = useRouter();
  return new URLSearchParams(router.searchHook(router));
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Goes to `to` (a path of this site), adding a history entry unless `replace`. */
export function useNavigate(): Navigate {
  return useLocation()[1];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A link within the site: an `<a href>` that a plain click follows without reloading the page. */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}
