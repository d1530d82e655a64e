import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES, REDIRECT_LIMIT } from '@wenrun/shared';
import { allowRedirectHop, Redirect, resetRedirectHops } from './redirects';

describe('redirects', () => {
  beforeEach(resetRedirectHops);

  it('allows a chain of up to the limit, then stops', () => {
    const now = 1_000_000;
    for (let hop = 0; hop < REDIRECT_LIMIT; hop++) expect(allowRedirectHop(now + hop)).toBe(true);
    expect(allowRedirectHop(now + REDIRECT_LIMIT)).toBe(false);
  });

  it('starts a new chain after a pause', () => {
    for (let hop = 0; hop <= REDIRECT_LIMIT; hop++) allowRedirectHop(hop);
    expect(allowRedirectHop(60_000)).toBe(true);
  });

  it('a redirect loop ends on a Chinese message instead of spinning', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/a" element={<Redirect to="/b" />} />
          <Route path="/b" element={<Redirect to="/a" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.redirectLoop);
  });

  it('follows a single redirect', async () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<Redirect to="/" />} />
          <Route path="/" element={<p>首页</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('首页')).toBeInTheDocument();
  });
});
