import { useLocation, useParams, useRoutes } from 'react-router-dom';
import { isAboutPath, SEARCH_ROUTE } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import Header from '../exposes/Header';
import SearchResults from '../exposes/SearchResults';

function DevSearchResults() {
  const { keyword = '' } = useParams();
  return <SearchResults keyword={keyword} />;
}

/** Both headers and the results page, as the shell would place them. */
function DevPage() {
  const { pathname } = useLocation();
  const main = useRoutes([
    { path: SEARCH_ROUTE, element: <DevSearchResults /> },
    { path: '*', element: <p className="dev-note">页头独立调试页：在上方搜索，或打开 /about/3 查看关于页页头。</p> },
  ]);
  return (
    <>
      <Header variant={isAboutPath(pathname) ? 'about' : 'normal'} />
      {main}
    </>
  );
}

mountStandalone('页头与搜索', <DevPage />);
