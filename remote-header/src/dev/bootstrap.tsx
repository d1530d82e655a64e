import { isAboutPath, isSearchPath, searchKeywordFromPath, usePath } from '@wenrun/shared';
import { mountStandalone } from '@wenrun/shared/dev';
import Header from '../exposes/Header';
import SearchResults from '../exposes/SearchResults';

/** Both headers and the results page, as the shell would place them. */
function DevPage() {
  const pathname = usePath();
  return (
    <>
      <Header variant={isAboutPath(pathname) ? 'about' : 'normal'} />
      {isSearchPath(pathname) ? (
        <SearchResults keyword={searchKeywordFromPath(pathname)} />
      ) : (
        <p className="dev-note">页头独立调试页：在上方搜索，或打开 /about/3 查看关于页页头。</p>
      )}
    </>
  );
}

mountStandalone('页头与搜索', <DevPage />);
