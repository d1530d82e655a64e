import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError, MESSAGES, SEARCH_KEYWORD_MAX, type Course, type Expert, type Paged, type SearchPayload, type SearchResult } from '@wenrun/shared';
import { SEARCH_PAGE_SIZE } from '../search/useSearchResults';
import { hideFindDomNodeWarnings } from '../testing/semanticWarnings';
import SearchResults from './SearchResults';
import { TestRouter } from '@wenrun/shared/testing';

function course(id: number): Course {
  return {
    id,
    title: `班主任工作第${id}讲`,
    category: '班级管理',
    lecturer: '王老师',
    lessons: 8,
    summary: '面向新手班主任的实务课程。',
    cover: `/images/courses/${id}.svg`,
  };
}

function expert(id: number): Expert {
  return {
    id,
    name: `专家${id}`,
    title: '特级教师',
    organization: '实验中学',
    field: '班主任工作',
    intro: '长期从事班主任培训。',
    avatar: `/images/experts/${id}.svg`,
  };
}

function paged<T>(make: (id: number) => T, total: number, page = 1): Paged<T> {
  const first = (page - 1) * SEARCH_PAGE_SIZE + 1;
  const count = Math.max(0, Math.min(SEARCH_PAGE_SIZE, total - first + 1));
  return { list: Array.from({ length: count }, (_, i) => make(first + i)), total, page, pageSize: SEARCH_PAGE_SIZE };
}

/** An answer as the API gives it for a payload, from a fixed number of matching courses and experts. */
function answer(courses: number, experts: number) {
  return (payload: SearchPayload): SearchResult => ({
    keyword: payload.keyword,
    courses: payload.scope === 'expert' ? paged(course, 0) : paged(course, courses, payload.page),
    experts: payload.scope === 'course' ? paged(expert, 0) : paged(expert, experts, payload.page),
  });
}

interface Deferred {
  payload: SearchPayload;
  resolve: (result: SearchResult) => void;
  reject: (error: Error) => void;
}

/** Calls wait until the test answers them, so every in-between state can be looked at. */
function holdSearches(): Deferred[] {
  const calls: Deferred[] = [];
  jest.spyOn(api, 'search').mockImplementation(
    (payload) =>
      new Promise<SearchResult>((resolve, reject) => {
        calls.push({ payload, resolve, reject });
      }),
  );
  return calls;
}

function renderFor(keyword: string) {
  return render(
    <TestRouter>
      <SearchResults keyword={keyword} />
    </TestRouter>,
  );
}

/** Answers a held call: with what the API would give for its payload, or with a failure. */
async function settle(call: Deferred | undefined, outcome: ((payload: SearchPayload) => SearchResult) | Error) {
  if (!call) throw new Error('no call was made');
  await act(async () => {
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome(call.payload));
  });
}

describe('SearchResults', () => {
  beforeEach(hideFindDomNodeWarnings);
  afterEach(() => jest.restoreAllMocks());

  it('asks websiteSearch1.0 for both groups, shows a loading state, then both groups with counts', async () => {
    const calls = holdSearches();
    renderFor('班主任');
    expect(calls[0]?.payload).toEqual({ keyword: '班主任', page: 1, pageSize: SEARCH_PAGE_SIZE, scope: 'all' });
    expect(screen.getByRole('status')).toHaveTextContent('正在搜索');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('“班主任”的搜索结果');

    await settle(calls[0], answer(3, 2));
    expect(screen.getByRole('status')).toHaveTextContent('共找到 5 条结果');
    const courses = screen.getByRole('region', { name: /课程/ });
    expect(within(courses).getByRole('heading', { level: 2 })).toHaveTextContent('课程 3 门');
    expect(within(courses).getAllByRole('listitem')).toHaveLength(3);
    const experts = screen.getByRole('region', { name: /专家/ });
    expect(within(experts).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('marks the searched terms in the results, as text', async () => {
    const calls = holdSearches();
    renderFor('班主任');
    await settle(calls[0], answer(1, 0));
    const marks = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toContain('班主任');
  });

  it('shows the empty state with the keyword and suggestions', async () => {
    const calls = holdSearches();
    renderFor('无此内容');
    await settle(calls[0], answer(0, 0));
    expect(screen.getByText(/没有找到/)).toHaveTextContent('没有找到“无此内容”相关结果');
    expect(screen.getByRole('link', { name: '精品课程' })).toHaveAttribute('href', '/about/3');
    expect(screen.getByRole('link', { name: '班主任' })).toHaveAttribute('href', '/search/%E7%8F%AD%E4%B8%BB%E4%BB%BB');
  });

  it('shows an error with a retry that searches again', async () => {
    const calls = holdSearches();
    renderFor('心理');
    await settle(calls[0], new ApiError('network', MESSAGES.network));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.network);

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(screen.getByRole('status')).toHaveTextContent('正在搜索');
    expect(calls).toHaveLength(2);
    await settle(calls[1], answer(1, 1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('共找到 2 条结果');
  });

  it.each([
    ['', MESSAGES.searchRequired],
    ['   ', MESSAGES.searchRequired],
    ['研'.repeat(SEARCH_KEYWORD_MAX + 1), MESSAGES.searchTooLong],
  ])('does not send the keyword %j the API would refuse, and says why', (keyword, message) => {
    const calls = holdSearches();
    renderFor(keyword);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it.each(['<img src=x onerror=alert(1)>', '%E4%ZZ', '  两个  空格  ', 'a/b?c#d'])(
    'shows the keyword %j exactly, as text',
    async (keyword) => {
      const calls = holdSearches();
      renderFor(keyword);
      expect(calls[0]?.payload.keyword).toBe(keyword);
      expect(screen.getByTestId('search-keyword').textContent).toBe(keyword);
      expect(screen.getByRole('heading', { level: 1 }).querySelector('img')).toBeNull();
      await settle(calls[0], answer(0, 0));
      expect(document.querySelector('img[src="x"]')).toBeNull();
    },
  );

  it('pages each group on its own, with the scope of that group', async () => {
    const calls = holdSearches();
    renderFor('班主任');
    await settle(calls[0], answer(25, 3));
    const courses = screen.getByRole('region', { name: /课程/ });
    const pager = within(courses).getByRole('navigation', { name: '课程分页' });
    expect(pager).toHaveTextContent('第 1 / 3 页');
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: '专家分页' })).toBeNull();

    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    expect(calls[1]?.payload).toEqual({ keyword: '班主任', page: 2, pageSize: SEARCH_PAGE_SIZE, scope: 'course' });
    expect(within(pager).getByRole('button', { name: '下一页' })).toBeDisabled();
    await settle(calls[1], answer(25, 3));
    expect(pager).toHaveTextContent('第 2 / 3 页');
    expect(within(courses).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(within(courses).getAllByRole('listitem')[0]).toHaveTextContent('班主任工作第11讲');
    // The experts stay as they were.
    expect(within(screen.getByRole('region', { name: /专家/ })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps the shown page when another page fails, and retries that page', async () => {
    const calls = holdSearches();
    renderFor('班主任');
    await settle(calls[0], answer(25, 0));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await settle(calls[1], new ApiError('timeout', MESSAGES.timeout));
    const courses = screen.getByRole('region', { name: /课程/ });
    expect(within(courses).getByRole('alert')).toHaveTextContent(MESSAGES.timeout);
    expect(within(courses).getAllByRole('listitem')[0]).toHaveTextContent('班主任工作第1讲');

    fireEvent.click(within(courses).getByRole('button', { name: '重试' }));
    expect(calls[2]?.payload).toMatchObject({ page: 2, scope: 'course' });
    await settle(calls[2], answer(25, 0));
    await waitFor(() => expect(within(courses).queryByRole('alert')).toBeNull());
    expect(within(courses).getByRole('navigation')).toHaveTextContent('第 2 / 3 页');
  });

  it('starts afresh for a new keyword and ignores the late answer of the old one', async () => {
    const calls = holdSearches();
    const { rerender } = renderFor('旧词');
    rerender(
      <TestRouter>
        <SearchResults keyword="新词" />
      </TestRouter>,
    );
    expect(calls.map((call) => call.payload.keyword)).toEqual(['旧词', '新词']);
    await settle(calls[0], answer(7, 0));
    expect(screen.getByRole('status')).toHaveTextContent('正在搜索');
    await settle(calls[1], answer(1, 0));
    expect(screen.getByRole('status')).toHaveTextContent('共找到 1 条结果');
  });
});
