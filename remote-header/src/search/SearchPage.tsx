import { Message } from 'semantic-ui-react';
import { keywordTerms } from './keyword';
import { CourseItem, ExpertItem } from './ResultItems';
import { ResultGroup } from './ResultGroup';
import { NoResults, ResultsSkeleton, SearchFailed } from './SearchStates';
import { useSearchResults, type SearchState } from './useSearchResults';

/** What the live region says, so that a screen reader hears the search start and end. */
function statusText(state: SearchState): string {
  switch (state.status) {
    case 'loading':
      return '正在搜索…';
    case 'done': {
      const total = state.courses.result.total + state.experts.result.total;
      return total === 0 ? '' : `共找到 ${total} 条结果`;
    }
    default:
      return '';
  }
}

/** The results of one keyword (docs/SPEC.md §2: /search/{key}). The keyword is only ever rendered as text. */
export function SearchPage({ keyword }: { keyword: string }) {
  const { state, retry, showPage } = useSearchResults(keyword);
  const terms = keywordTerms(keyword);

  return (
    <div className="search-page">
      <h1 className="search-page__title">
        {keyword.trim() === '' ? (
          '搜索课程与专家'
        ) : (
          <>
            “<span className="search-page__keyword" data-testid="search-keyword">{keyword}</span>”的搜索结果
          </>
        )}
      </h1>
      <p className="search-page__status" role="status">
        {statusText(state)}
      </p>
      {state.status === 'invalid' && (
        <Message warning className="search-page__invalid" role="alert">
          <Message.Header>{state.message}</Message.Header>
          <p>请在页面上方的搜索框中重新输入想找的课程或专家。</p>
        </Message>
      )}
      {state.status === 'loading' && <ResultsSkeleton />}
      {state.status === 'failed' && <SearchFailed message={state.message} onRetry={retry} />}
      {state.status === 'done' &&
        (state.courses.result.total + state.experts.result.total === 0 ? (
          <NoResults keyword={keyword} />
        ) : (
          <>
            <ResultGroup
              id="search-courses"
              title="课程"
              unit="门"
              group={state.courses}
              terms={terms}
              Item={CourseItem}
              onPage={(page) => showPage('courses', page)}
            />
            <ResultGroup
              id="search-experts"
              title="专家"
              unit="位"
              group={state.experts}
              terms={terms}
              Item={ExpertItem}
              onPage={(page) => showPage('experts', page)}
            />
          </>
        ))}
    </div>
  );
}
