import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, api, MESSAGES } from '@wenrun/shared';
import { courseListReply, FIXTURE_CATEGORIES, FIXTURE_COURSES } from '../testing/courseFixtures';
import { renderAt } from '../testing/renderAbout';
import { CourseCatalog } from './CourseCatalog';
import { COURSE_PAGE_SIZE } from './courseQuery';

/** A message a server could send in a non-200 envelope. */
const SERVER_MESSAGE = '课程服务暂时不可用';

function renderCatalog(path = '/about/3') {
  return renderAt(path, <CourseCatalog />);
}

const cards = () => screen.queryAllByRole('heading', { level: 3 });

describe('CourseCatalog', () => {
  let courseList: jest.SpyInstance;

  beforeEach(() => {
    courseList = jest.spyOn(api, 'courseList').mockImplementation(async (payload) => courseListReply(payload));
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows placeholders while loading, then one page of courses; errors are its own to show', async () => {
    renderCatalog();
    expect(screen.getByText('课程加载中…')).toBeInTheDocument();
    expect(await screen.findByText(`共 ${FIXTURE_COURSES.length} 门课程，第 1 / 3 页`)).toBeInTheDocument();
    expect(cards()).toHaveLength(COURSE_PAGE_SIZE);
    expect(cards()[0]).toHaveTextContent('示例课程第1讲');
    expect(courseList).toHaveBeenCalledWith(
      { page: 1, pageSize: COURSE_PAGE_SIZE },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('draws each card with its cover sized and loaded lazily, and its facts', async () => {
    renderCatalog();
    const first = (await screen.findByText('示例课程第1讲')).closest('li') as HTMLElement;
    const cover = first.querySelector('img') as HTMLImageElement;
    expect(cover.src).toMatch(/\/images\/courses\/1\.svg$/);
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '270');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(within(first).getByText('主讲：王老师')).toBeInTheDocument();
    expect(within(first).getByText('8 课时')).toBeInTheDocument();

    fireEvent.error(cover);
    expect(first.querySelector('img')).toBeNull();
  });

  it('filters by category from the list the server gives, starting again at page 1', async () => {
    renderCatalog('/about/3?page=2');
    await screen.findByText(/第 2 \/ 3 页/);
    const filter = screen.getByRole('navigation', { name: '课程分类' });
    expect(within(filter).getAllByRole('link').map((link) => link.textContent)).toEqual(['全部', ...FIXTURE_CATEGORIES]);
    expect(within(filter).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(within(filter).getByRole('link', { name: '班级管理' }));
    expect(await screen.findByText('“班级管理”共 11 门课程，第 1 / 2 页')).toBeInTheDocument();
    expect(courseList).toHaveBeenLastCalledWith({ page: 1, pageSize: COURSE_PAGE_SIZE, category: '班级管理' }, expect.anything());
    expect(screen.getByTestId('location')).toHaveTextContent(`/about/3?category=${encodeURIComponent('班级管理')}`);
    expect(within(filter).getByRole('link', { name: '班级管理' })).toHaveAttribute('aria-current', 'true');
    // While the next page loads, the filter stays where it is.
    fireEvent.click(within(filter).getByRole('link', { name: '全部' }));
    expect(screen.getByRole('navigation', { name: '课程分类' })).toBeInTheDocument();
    expect(await screen.findByText(/共 23 门课程/)).toBeInTheDocument();
  });

  it('pages through the list and takes the visitor back to its top', async () => {
    renderCatalog();
    await screen.findByText(/第 1 \/ 3 页/);
    const pager = screen.getByRole('navigation', { name: '课程分页' });
    expect(within(pager).getByText('上一页')).toHaveAttribute('aria-disabled', 'true');
    expect(within(pager).getByRole('link', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(pager).getByRole('link', { name: '下一页' }));
    expect(screen.getByRole('heading', { level: 2, name: '课程列表' })).toHaveFocus();
    await screen.findByText(/第 2 \/ 3 页/);
    expect(courseList).toHaveBeenLastCalledWith({ page: 2, pageSize: COURSE_PAGE_SIZE }, expect.anything());

    fireEvent.click(within(screen.getByRole('navigation', { name: '课程分页' })).getByRole('link', { name: '第 3 页' }));
    await screen.findByText(/第 3 \/ 3 页/);
    expect(cards()).toHaveLength(FIXTURE_COURSES.length - 2 * COURSE_PAGE_SIZE);
    expect(within(screen.getByRole('navigation', { name: '课程分页' })).getByText('下一页')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the server message with a retry that works', async () => {
    courseList.mockRejectedValueOnce(new ApiError('envelope', SERVER_MESSAGE, '500'));
    renderCatalog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_MESSAGE);
    expect(cards()).toHaveLength(0);

    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText(/共 23 门课程/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(courseList).toHaveBeenCalledTimes(2);
  });

  it('shows the network message when the call fails without one', async () => {
    courseList.mockRejectedValueOnce(new Error('socket hang up'));
    renderCatalog();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.network);
  });

  it('treats a reply it cannot read as an error the visitor can retry', async () => {
    courseList.mockResolvedValueOnce({ nothing: true } as never);
    renderCatalog();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.badResponse);
  });

  it('says so when a category has no courses, with a way back to all of them', async () => {
    renderCatalog(`/about/3?category=${encodeURIComponent('心理健康')}`);
    expect(await screen.findByText('“心理健康”分类下暂时没有课程。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: '查看全部课程' }));
    expect(await screen.findByText(/共 23 门课程/)).toBeInTheDocument();
  });

  it('says so when the address asks for a page past the end, with a way back to page 1', async () => {
    renderCatalog('/about/3?page=9');
    expect(await screen.findByText('没有第 9 页，课程共 3 页。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: '回到第一页' }));
    expect(await screen.findByText(/第 1 \/ 3 页/)).toBeInTheDocument();
  });

  it('says so when there are no courses at all', async () => {
    courseList.mockResolvedValueOnce({ list: [], total: 0, page: 1, pageSize: COURSE_PAGE_SIZE, categories: [] });
    renderCatalog();
    expect(await screen.findByText('课程正在整理中，敬请期待。')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '课程分页' })).toBeNull();
  });

  it('drops the late answer to a question no longer asked', async () => {
    renderCatalog();
    await screen.findByText(/共 23 门课程/);
    const pending: Array<() => void> = [];
    courseList.mockImplementation(
      (payload) =>
        new Promise((resolve) => {
          pending.push(() => resolve(courseListReply(payload)));
        }),
    );
    const filter = screen.getByRole('navigation', { name: '课程分类' });
    fireEvent.click(within(filter).getByRole('link', { name: '班级管理' }));
    fireEvent.click(within(filter).getByRole('link', { name: '学科教学' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    const [firstCall] = courseList.mock.calls.slice(-2) as [[unknown, { signal: AbortSignal }]];
    expect(firstCall[1].signal.aborted).toBe(true);

    pending[1]?.();
    expect(await screen.findByText(/“学科教学”共 12 门课程/)).toBeInTheDocument();
    pending[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText(/“学科教学”共 12 门课程/)).toBeInTheDocument();
  });
});
