import { act, fireEvent, render, screen } from '@testing-library/react';
import { ABOUT_SECTIONS, aboutPath } from '@wenrun/shared';
import { AboutHeader } from './AboutHeader';
import { TestRouter } from '@wenrun/shared/testing';

function renderAt(path: string) {
  return render(
    <TestRouter path={path}>
      <AboutHeader />
    </TestRouter>,
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('AboutHeader', () => {
  afterEach(() => {
    scrollTo(0);
    jest.restoreAllMocks();
  });

  it('shows the six section tabs, each linking to its page', () => {
    renderAt('/about/1');
    const tabs = screen.getByRole('navigation', { name: '关于我们栏目' });
    const links = [...tabs.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(ABOUT_SECTIONS.map((section) => section.title));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(ABOUT_SECTIONS.map((section) => aboutPath(section.key)));
  });

  it.each([
    ['/about', '公司简介'],
    ['/about/1', '公司简介'],
    ['/about/2', '研训体系'],
    ['/about/3', '精品课程'],
    ['/about/4', '智慧云'],
    ['/about/5', '观测评价'],
    ['/about/6', '项目合作'],
    ['/about/x3', '精品课程'],
    ['/about/6/', '项目合作'],
    ['/about/9', '公司简介'],
  ])('on %s marks %s, and only it, as the current tab', (path, title) => {
    renderAt(path);
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(title);
    expect(current[0]).toHaveClass('active');
  });

  it('follows a click on another tab', () => {
    renderAt('/about/1');
    fireEvent.click(screen.getByRole('link', { name: '观测评价' }));
    expect(screen.getByRole('link', { name: '观测评价' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '公司简介' })).not.toHaveAttribute('aria-current');
  });

  it('is transparent at the top, white with a shadow once scrolled, and back at 0', () => {
    renderAt('/about/4');
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('is-scrolled');
    scrollTo(1);
    expect(header).toHaveClass('is-scrolled');
    scrollTo(0);
    expect(header).not.toHaveClass('is-scrolled');
  });

  it('starts scrolled when the page is already scrolled (a restored position)', () => {
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    renderAt('/about/2');
    expect(screen.getByRole('banner')).toHaveClass('is-scrolled');
  });

  it('listens passively and stops listening when it goes away', () => {
    const add = jest.spyOn(window, 'addEventListener');
    const remove = jest.spyOn(window, 'removeEventListener');
    const { unmount } = renderAt('/about/3');
    const call = add.mock.calls.find(([type]) => type === 'scroll');
    expect(call?.[2]).toEqual({ passive: true });
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', call?.[1]);
  });

  it('has the search box, the training-system link and the login entry', () => {
    renderAt('/about/5');
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /进入研训系统/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});
