import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ABOUT_SECTIONS, api, type AboutSectionKey } from '@wenrun/shared';
import { courseListReply } from '../testing/courseFixtures';
import { TestRouter } from '@wenrun/shared/testing';
import { renderAboutAt } from '../testing/renderAbout';
import AboutPage from './AboutPage';

describe('AboutPage', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    jest.spyOn(api, 'courseList').mockImplementation(async (payload) => courseListReply(payload));
    sessionStorage.clear();
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(ABOUT_SECTIONS.map((section) => [section.key, section.title] as const))(
    'section %i shows %s as its heading',
    async (key, title) => {
      renderAboutAt(`/about/${key}`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      // Section 3's list arrives before the test ends.
      if (key === 3) expect(await screen.findByText(/共 \d+ 门课程/)).toBeInTheDocument();
    },
  );

  it('renders a section in its first render but for the message form, a chunk of its own that arrives after', async () => {
    renderAboutAt('/about/6');
    expect(screen.getByRole('heading', { level: 2, name: '合作模式' })).toBeInTheDocument();
    // Once fetched (by an earlier test here) it renders at once; either way it is there.
    expect(await screen.findByRole('form', { name: '合作留言表单' })).toBeInTheDocument();
  });

  it.each(['/about', '/about/abc5', '/about/9'])('follows the shared path rule on %s', (path) => {
    renderAboutAt(path);
    const expected = path === '/about/abc5' ? '观测评价' : '公司简介';
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected);
  });

  it('shows section 1 for a key it does not know, whatever an older or newer shell sends', () => {
    render(
      <TestRouter>
        <AboutPage section={'x' as unknown as AboutSectionKey} />
      </TestRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ABOUT_SECTIONS[0].title);
  });

  it('leaves the scroll to the browser on a load, and starts a section opened by a click at its top', async () => {
    renderAboutAt('/about/3');
    expect(window.scrollTo).not.toHaveBeenCalled();
    await screen.findByText(/共 \d+ 门课程/);

    // Paging the course list is a navigation too, but stays in the section: no jump to the top.
    fireEvent.click(screen.getByRole('link', { name: '第 2 页' }));
    await screen.findByText(/第 2 \/ \d+ 页/);
    expect(window.scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: '了解项目合作' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('项目合作');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByTestId('location')).toHaveTextContent('/about/6');
    expect(screen.getByRole('form', { name: '合作留言表单' })).toBeInTheDocument();
  });

  it.each(ABOUT_SECTIONS.map((section) => [section.key] as const))(
    'section %i: written in Chinese, every drawing sized, only the hero loaded at once',
    async (key) => {
      const { container } = renderAboutAt(`/about/${key}`);
      await act(async () => undefined);
      const article = container.querySelector('article');
      const text = [...(article?.querySelectorAll('h1, h2, h3, p, li, dt, dd') ?? [])]
        .filter((element) => !element.closest('.about-contact'))
        .map((element) => element.textContent ?? '')
        .join('');
      expect(text.length).toBeGreaterThan(200);
      expect(text).not.toMatch(/[A-Za-z]{3,}/);

      const images = [...(article?.querySelectorAll('img') ?? [])];
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
        expect(image).toHaveAttribute('alt');
        const isHero = image.classList.contains('about-hero__image');
        expect(image).toHaveAttribute('loading', isHero ? 'eager' : 'lazy');
      }
    },
  );

  it('names the section content for assistive technology: one h1, each block labelled by its h2', async () => {
    renderAboutAt('/about/2');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const regions = screen.getAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-labelledby'))).not.toContain(null);
    await waitFor(() => expect(regions.length).toBeGreaterThanOrEqual(3));
  });
});
