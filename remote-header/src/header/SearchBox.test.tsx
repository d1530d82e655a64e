import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES, SEARCH_KEYWORD_MAX, searchKeywordFromPath, searchPath } from '@wenrun/shared';
import { SearchBox } from './SearchBox';
import { TestRouter } from '@wenrun/shared/testing';

function Where() {
  return (
    <>
      <output data-testid="where">{useLocation().pathname}</output>
      <Link to="/">首页</Link>
      <Link to={searchPath('另一个词')}>另一个搜索</Link>
      <Link to="/about/3">精品课程</Link>
    </>
  );
}

function renderAt(path: string, collapse: 'always' | 'narrow' = 'narrow') {
  return render(
    <TestRouter path={path}>
      <SearchBox collapse={collapse} />
      <Where />
    </TestRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent ?? '';

function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
}

describe('SearchBox', () => {
  afterEach(() => jest.restoreAllMocks());

  it('starts as a trigger in the normal header and opens with the focus in the input', () => {
    renderAt('/', 'always');
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '搜索课程或专家' }));
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.getByRole('button', { name: '搜索' })).toHaveAttribute('type', 'submit');
  });

  it('closes with Esc or its close button and gives the focus back to the trigger', () => {
    renderAt('/', 'always');
    fireEvent.click(screen.getByRole('button', { name: '搜索课程或专家' }));
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('button', { name: '搜索课程或专家' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: '搜索课程或专家' }));
    fireEvent.click(screen.getByRole('button', { name: '收起搜索框' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows the box at once in the about header', () => {
    renderAt('/about/2', 'narrow');
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });

  it.each(['', '   ', '\t'])('refuses %j with the spec message and stays put', (text) => {
    renderAt('/');
    search(text);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.searchRequired);
    expect(screen.getByRole('searchbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('searchbox')).toHaveAccessibleDescription(MESSAGES.searchRequired);
    expect(where()).toBe('/');
  });

  it('drops the message as soon as the visitor types again', () => {
    renderAt('/');
    search('');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '课' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a keyword longer than the API accepts', () => {
    renderAt('/');
    search('研'.repeat(SEARCH_KEYWORD_MAX + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.searchTooLong);
    expect(where()).toBe('/');
  });

  it.each(['课程', 'a/b?c#d%', '/', '%', '#', '?', '😀 <b>x</b>', '<img src=x onerror=alert(1)>', '研'.repeat(200), '😀'.repeat(200)])(
    'navigates to the results of %j, which round-trip exactly',
    (text) => {
      renderAt('/');
      search(text);
      expect(where().startsWith('/search/')).toBe(true);
      expect(searchKeywordFromPath(where())).toBe(text);
    },
  );

  it('submits with Enter (the form submit of the input)', () => {
    renderAt('/');
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: '心理' } });
    // A real Enter in an input submits its form; jsdom does not, so the submit is what is checked here.
    fireEvent.submit(input);
    expect(where()).toBe(searchPath('心理'));
  });

  it('holds the keyword of the search page it is on, the raw text for a malformed key', () => {
    // The router warns that it cannot decode the path; that is the case under test.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/search/%E4%ZZ');
    expect(screen.getByRole('searchbox')).toHaveValue('%E4%ZZ');
  });

  it('follows the keyword from one search page to another, and clears when the route leaves /search/', () => {
    renderAt('/');
    search('课程');
    expect(screen.getByRole('searchbox')).toHaveValue('课程');
    fireEvent.click(screen.getByRole('link', { name: '另一个搜索' }));
    expect(screen.getByRole('searchbox')).toHaveValue('另一个词');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: '首页' }));
    });
    expect(where()).toBe('/');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('keeps what the visitor is typing while the route moves between pages that are not search pages', () => {
    // A page whose code is still on its way is shown later than the click: what was typed meanwhile stays.
    renderAt('/about/1');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '课程' } });
    fireEvent.click(screen.getByRole('link', { name: '精品课程' }));
    expect(where()).toBe('/about/3');
    expect(screen.getByRole('searchbox')).toHaveValue('课程');
  });

  it('clears a refused text and its message when the route changes', () => {
    renderAt('/search/课程');
    search(' ');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
