import { Route, Routes, useLocation } from 'react-router-dom';
import { isAboutPath, searchKeywordFromPath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import Header from '../exposes/Header';
import SearchResults from '../exposes/SearchResults';

/** Both headers and the results page, as the shell would place them. */
function DevPage() {
  const { pathname } = useLocation();
  return (
    <>
      <Header variant={isAboutPath(pathname) ? 'about' : 'normal'} />
      <Routes>
        <Route path="/search/*" element={<SearchResults keyword={searchKeywordFromPath(pathname)} />} />
        <Route path="*" element={<p className="dev-note">页头独立调试页：在上方搜索，或打开 /about/3 查看关于页页头。</p>} />
      </Routes>
    </>
  );
}

mountStandalone('页头与搜索', <DevPage />);
