/**
 * What the page's one copy of React Router offers: the federation shares `react-router-dom` as a singleton the shell
 * provides (webpack.common.ts), and a shared package is not tree-shaken by the parts that use it, so the shell
 * provides this selection of it instead of the whole package (7 KB instead of 26 KB gzip, BENCHMARKS.md). Every part
 * still imports from `react-router-dom`; lint allows only the names listed here (eslint/sharedPackages.mjs reads this file),
 * so a part can never ask the page's copy for something it does not carry.
 *
 * The second group is what `react-router-dom/server` (the server render's `StaticRouter`) takes from the package.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom/dist/index.js';
export {
  createPath,
  parsePath,
  Router,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
} from 'react-router-dom/dist/index.js';
export type { Params, RouteObject } from 'react-router-dom/dist/index.js';
