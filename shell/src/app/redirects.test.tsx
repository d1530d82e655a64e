import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES, REDIRECT_LIMIT } from '@wenrun/shared';
import { TestRouter } from '@wenrun/shared/testing';
import { allowRedirectHop, Redirect, resetRedirectHops } from './redirects';

/** The page of each path, as the site's routes would pick it. */
function Pages({ at, pages }: { at: string; pages: Record<string, ReactNode> }) {
  function Page() {
    return <>{pages[useLocation().pathname] ?? null}</>;
  }
  return (
    <TestRouter path={at}>
      <Page />
    </TestRouter>
  );
}

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
    render(<Pages at="/a" pages={{ '/a': <Redirect to="/b" />, '/b': <Redirect to="/a" /> }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.redirectLoop);
  });

  it('follows a single redirect', async () => {
    render(<Pages at="/home" pages={{ '/home': <Redirect to="/" />, '/': <p>首页</p> }} />);
    expect(await screen.findByText('首页')).toBeInTheDocument();
  });
});
