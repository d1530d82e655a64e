import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MESSAGES, searchKeywordFromPath } from '@wenrun/shared';
import { SearchBox } from './SearchBox';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderAt(path: string, collapsible = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SearchBox collapsible={collapsible} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SearchBox', () => {
  it('opens from the trigger with the focus in the input', async () => {
    renderAt('/', true);
    fireEvent.click(screen.getByRole('button', { name: '搜索课程或专家' }));
    const input = await screen.findByRole('searchbox');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(input).toHaveFocus();
  });

  it.each(['', '   '])('refuses %p with the spec message and stays put', (text) => {
    renderAt('/');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.searchRequired);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it.each(['课程', 'a/b?c#d%', '😀 <b>x</b>'])('navigates to the results of %p, which round-trip', (text) => {
    renderAt('/');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
    fireEvent.submit(screen.getByRole('search'));
    const path = screen.getByTestId('where').textContent ?? '';
    expect(path.startsWith('/search/')).toBe(true);
    expect(searchKeywordFromPath(path)).toBe(text);
  });
});
