import { screen, waitFor } from '@testing-library/react';
import { ApiError, api, PRERENDER_DATA_ID } from '@wenrun/shared';
import { courseListReply } from '../testing/courseFixtures';
import { renderAt } from '../testing/renderAbout';
import { CourseCatalog } from './CourseCatalog';
import { COURSE_PAGE_SIZE } from './courseQuery';
import { queryKey } from './useCourseList';

// What the prerender step embedded: page 1 of every category, as the server answered at build time.
const built = courseListReply({ page: 1, pageSize: COURSE_PAGE_SIZE });
const builtList = { ...built, list: built.list.map((course) => ({ ...course, title: `${course.title}（构建时）` })) };

beforeAll(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRERENDER_DATA_ID;
  script.textContent = JSON.stringify({ [queryKey({ page: 1, category: '' }, COURSE_PAGE_SIZE)]: builtList });
  document.body.appendChild(script);
});

describe('CourseCatalog on a prerendered page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('starts from the embedded list (the same cards as the page), then shows the fresh one quietly', async () => {
    let answer: (value: typeof built) => void = () => undefined;
    jest.spyOn(api, 'courseList').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/about/3', <CourseCatalog />);
    expect(screen.getByText('示例课程第1讲（构建时）')).toBeInTheDocument();
    expect(screen.queryByText('课程加载中…')).toBeNull();

    answer(built);
    expect(await screen.findByText('示例课程第1讲')).toBeInTheDocument();
  });

  it('keeps the embedded list when the fresh call fails', async () => {
    const call = jest.spyOn(api, 'courseList').mockRejectedValue(new ApiError('network', '网络异常'));
    renderAt('/about/3', <CourseCatalog />);
    await waitFor(() => expect(call).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('示例课程第1讲（构建时）')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not show the embedded list for another question', async () => {
    jest.spyOn(api, 'courseList').mockImplementation(async (payload) => courseListReply(payload));
    renderAt('/about/3?page=2', <CourseCatalog />);
    expect(screen.getByText('课程加载中…')).toBeInTheDocument();
    expect(await screen.findByText('示例课程第10讲')).toBeInTheDocument();
    expect(screen.queryByText(/（构建时）/)).toBeNull();
  });
});
