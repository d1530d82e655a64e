import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Message, Placeholder } from 'semantic-ui-react';
import { aboutPath, assetUrl, getRuntimeConfig, type Course, type Expert, type Paged } from '@wenrun/shared';
import { SEARCH_PAGE_SIZE, useSearch } from '../search/useSearch';
import '../search/search.css';

export interface SearchResultsProps {
  /** The decoded search text; rendered as text, never as HTML. */
  keyword: string;
}

export default function SearchResults({ keyword }: SearchResultsProps) {
  const [page, setPage] = useState(1);
  const { state, retry } = useSearch(keyword, page);

  useEffect(() => setPage(1), [keyword]);
  useEffect(() => {
    document.title = `“${keyword}”的搜索结果 - ${getRuntimeConfig().contact.company}`;
  }, [keyword]);

  return (
    <div className="search-page">
      <h1 className="search-page__title">
        搜索：<span className="search-page__keyword">{keyword}</span>
      </h1>
      {state.status === 'loading' && <ResultsSkeleton />}
      {state.status === 'failed' && (
        <Message negative>
          <Message.Header>{state.message}</Message.Header>
          <Button type="button" onClick={retry} className="search-page__retry">
            重试
          </Button>
        </Message>
      )}
      {state.status === 'done' && (
        <Results
          keyword={keyword}
          courses={state.result.courses}
          experts={state.result.experts}
          page={page}
          onPage={setPage}
        />
      )}
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true" aria-label="正在搜索">
      {[0, 1, 2].map((row) => (
        <Placeholder key={row} fluid>
          <Placeholder.Header image>
            <Placeholder.Line />
            <Placeholder.Line />
          </Placeholder.Header>
        </Placeholder>
      ))}
    </div>
  );
}

interface ResultsProps {
  keyword: string;
  courses: Paged<Course>;
  experts: Paged<Expert>;
  page: number;
  onPage: (page: number) => void;
}

function Results({ keyword, courses, experts, page, onPage }: ResultsProps) {
  if (courses.total === 0 && experts.total === 0) {
    return (
      <div className="search-empty">
        <p>
          没有找到“<span className="search-page__keyword">{keyword}</span>”相关结果
        </p>
        <p>建议：检查输入是否有误，换一个更短或更常见的词，或者浏览我们的</p>
        <Link to={aboutPath(3)}>精品课程</Link>
      </div>
    );
  }
  const pages = Math.max(
    Math.ceil(courses.total / SEARCH_PAGE_SIZE),
    Math.ceil(experts.total / SEARCH_PAGE_SIZE),
  );
  return (
    <>
      <section className="search-group" aria-labelledby="search-courses">
        <h2 id="search-courses">
          课程 <span className="search-group__count">{courses.total}</span>
        </h2>
        <ul className="search-list">
          {courses.list.map((course) => (
            <li key={course.id} className="search-item">
              <img src={assetUrl(course.cover)} alt="" width={96} height={64} loading="lazy" />
              <div>
                <h3>{course.title}</h3>
                <p className="search-item__meta">
                  {course.category} · {course.lecturer} · {course.lessons} 课时
                </p>
                <p>{course.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="search-group" aria-labelledby="search-experts">
        <h2 id="search-experts">
          专家 <span className="search-group__count">{experts.total}</span>
        </h2>
        <ul className="search-list">
          {experts.list.map((expert) => (
            <li key={expert.id} className="search-item">
              <img src={assetUrl(expert.avatar)} alt="" width={64} height={64} loading="lazy" />
              <div>
                <h3>
                  {expert.name} <small>{expert.title}</small>
                </h3>
                <p className="search-item__meta">
                  {expert.organization} · {expert.field}
                </p>
                <p>{expert.intro}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {pages > 1 && (
        <nav className="search-pager" aria-label="分页">
          <Button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            上一页
          </Button>
          <span>
            第 {page} / {pages} 页
          </span>
          <Button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            下一页
          </Button>
        </nav>
      )}
    </>
  );
}
