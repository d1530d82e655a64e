import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { HomePage } from '../pages/HomePage';
import { AboutRoute, ActivityRoute, SearchRoute } from './remoteRoutes';

/**
 * SPEC.md §2. Any unknown path shows the home page with its URL left as typed: the visitor sees what they
 * asked for was not a page of its own, and a later fix of a link keeps working; the canonical link says `/`.
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/wuyou/*" element={<ActivityRoute />} />
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="about/*" element={<AboutRoute />} />
          <Route path="search/*" element={<SearchRoute />} />
          <Route path="*" element={<HomePage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
