import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { TestRouter } from '../testing/TestRouter';
import { Link, navigationType, SiteRouter, useNavigate, usePath, useSearchParams } from './router';

function Where() {
  const params = useSearchParams();
  return <output data-testid="where">{`${usePath()}|${params.get('q') ?? ''}`}</output>;
}

const where = () => screen.getByTestId('where').textContent;

describe('the site router', () => {
  it('hands out the path as the address bar holds it, percent-encoded, and the query decoded once', () => {
    render(
      <TestRouter path="/search/%E8%AF%BE%25?q=a%26b%25">
        <Where />
      </TestRouter>,
    );
    expect(where()).toBe('/search/%E8%AF%BE%25|a&b%');
  });

  it('renders on the server at the request’s path, query included', () => {
    const html = renderToString(
      <SiteRouter path="/about/3?q=x">
        <Where />
      </SiteRouter>,
    );
    expect(html).toContain('/about/3|x');
  });

  it('follows a link without a reload, and tells a push from a replace', () => {
    function Replace() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/about/6', { replace: true })}>
          替换
        </button>
      );
    }
    render(
      <TestRouter path="/">
        <Where />
        <Link to="/about/3">关于</Link>
        <Replace />
      </TestRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: '关于' }));
    expect(where()).toBe('/about/3|');
    expect(navigationType()).toBe('push');
    fireEvent.click(screen.getByRole('button', { name: '替换' }));
    expect(where()).toBe('/about/6|');
    expect(navigationType()).toBe('replace');
  });

  it('counts the browser’s back and forward as a pop', () => {
    render(
      <TestRouter>
        <Link to="/x">x</Link>
      </TestRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'x' }));
    expect(navigationType()).toBe('push');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(navigationType()).toBe('pop');
  });

  it('leaves a click with a modifier key to the browser (a new tab)', () => {
    render(
      <TestRouter path="/">
        <Where />
        <Link to="/about/3">关于</Link>
      </TestRouter>,
    );
    const link = screen.getByRole('link', { name: '关于' });
    expect(link).toHaveAttribute('href', '/about/3');
    fireEvent.click(link, { ctrlKey: true });
    expect(where()).toBe('/|');
  });
});
