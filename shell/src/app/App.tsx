import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '@wenrun/shared';
import { HomePage } from '../home/HomePage';
import { Layout } from '../layout/Layout';
import { Redirect, REDIRECTS } from './redirects';
import { AboutRoute, ActivityRoute, SearchRoute } from './remoteRoutes';

/**
 * SPEC.md §2. Any unknown path shows the home page with its URL left as typed: the visitor keeps what they asked
 * for in the address bar (and can correct a typo there), while the canonical link tells search engines `/`.
 */
export function App() {
  // Marks the moment the app runs the page (a prerendered page is static markup until then), for tests and ops.
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/wuyou/*" element={<ActivityRoute />} />
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          {Object.entries(REDIRECTS).map(([from, to]) => (
            <Route key={from} path={from} element={<Redirect to={to} />} />
          ))}
          <Route path="about/*" element={<AboutRoute />} />
          <Route path="search/*" element={<SearchRoute />} />
          <Route path="*" element={<HomePage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
