import { useEffect, useRef, type ComponentType } from 'react';
import { Button, Message } from 'semantic-ui-react';
import 'semantic-ui-css/components/message.min.css';
import type { GroupState } from './useSearchResults';
import { SEARCH_PAGE_SIZE } from './useSearchResults';

interface ResultGroupProps<T extends { id: number }> {
  id: string;
  title: string;
  /** The measure word of the count: 门 for courses, 位 for experts. */
  unit: string;
  group: GroupState<T>;
  terms: string[];
  Item: ComponentType<{ item: T; index: number; terms: string[] }>;
  onPage: (page: number) => void;
}

/** One group of results (courses or experts): heading with its count, the list, and its own pager. */
export function ResultGroup<T extends { id: number }>({ id, title, unit, group, terms, Item, onPage }: ResultGroupProps<T>) {
  const { result, pending } = group;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(result.page);
  const pages = Math.max(1, Math.ceil(result.total / (result.pageSize || SEARCH_PAGE_SIZE)));
  const loading = pending !== null && pending.failed === null;

  // A new page replaces the list under the pager: bring its top back into view and the keyboard focus with it.
  useEffect(() => {
    if (shownPage.current === result.page) return;
    shownPage.current = result.page;
    heading.current?.focus();
  }, [result.page]);

  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className="search-group__title">
        {title}{' '}
        <span className="search-group__count">
          {result.total} {unit}
        </span>
      </h2>
      {result.total === 0 ? (
        <p className="search-group__none">没有相关{title}</p>
      ) : (
        <ul className={`search-list${loading ? ' is-loading' : ''}`} aria-busy={loading}>
          {result.list.map((item, index) => (
            <Item key={item.id} item={item} index={index} terms={terms} />
          ))}
        </ul>
      )}
      {pending?.failed && (
        <Message negative size="small" role="alert" className="search-group__failed">
          <p>
            {title}第 {pending.page} 页没有加载成功：{pending.failed}
          </p>
          <Button type="button" size="small" onClick={() => onPage(pending.page)}>
            重试
          </Button>
        </Message>
      )}
      {pages > 1 && (
        <nav className="search-pager" aria-label={`${title}分页`}>
          <Button type="button" disabled={loading || result.page <= 1} onClick={() => onPage(result.page - 1)}>
            上一页
          </Button>
          <span className="search-pager__where">
            第 {result.page} / {pages} 页
          </span>
          <Button type="button" disabled={loading || result.page >= pages} onClick={() => onPage(result.page + 1)}>
            下一页
          </Button>
        </nav>
      )}
    </section>
  );
}
