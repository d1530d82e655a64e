import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ACTIVITY_PROBLEM_TITLES, api, ApiError, MESSAGES, PAGE_DATA_KEYS, PageDataProvider, PageDataStore, type Activity } from '@wenrun/shared';
import { TestRouter } from '@wenrun/shared/testing';
import { ACTIVITY_TEXT } from '../activity/text';
import { ACTIVITY } from '../testing/activityFixture';
import ActivityPage from './ActivityPage';

function renderPage(id: string) {
  return render(
    <TestRouter>
      <ActivityPage id={id} />
    </TestRouter>,
  );
}

function answerWith(result: () => Promise<Activity>) {
  return jest.spyOn(api, 'activityPage').mockImplementation(result);
}

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { __pwned?: unknown }).__pwned;
});

describe('ActivityPage', () => {
  it('shows the activity: hero, body blocks, sign-up and the call to action', async () => {
    const call = answerWith(() => Promise.resolve(ACTIVITY));
    renderPage('1');
    expect(screen.getByRole('status')).toHaveTextContent(ACTIVITY_TEXT.loading);

    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY.title })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ id: '1' }, { signal: expect.any(AbortSignal) });
    expect(screen.getByText(ACTIVITY.subtitle)).toBeInTheDocument();
    expect(screen.getByText('2027年1月18日（周一）09:00 至 1月23日（周六）17:00')).toBeInTheDocument();
    expect(screen.getByText(ACTIVITY.place)).toBeInTheDocument();
    expect(screen.getByText('大单元教学设计').tagName).toBe('STRONG');
    expect(screen.getByText('<b>工作坊</b>')).toBeInTheDocument();

    const picture = screen.getByRole('img', { name: '小组研讨现场' });
    expect(picture).toHaveAttribute('width', '800');
    expect(picture).toHaveAttribute('height', '450');
    expect(picture).toHaveAttribute('loading', 'lazy');

    const signUp = screen.getByRole('region', { name: ACTIVITY_TEXT.signUpTitle });
    expect(within(signUp).getByText('2099年1月8日（周四）')).toBeInTheDocument();
    expect(within(signUp).getByText(ACTIVITY.signUp.contact)).toBeInTheDocument();
    expect(within(signUp).getByText(ACTIVITY.signUp.note)).toBeInTheDocument();
    expect(within(signUp).getAllByText(ACTIVITY_TEXT.status.open)).not.toHaveLength(0);
    for (const link of screen.getAllByRole('link', { name: new RegExp(ACTIVITY_TEXT.callToSignUp) })) {
      expect(link).toHaveAttribute('href', 'tel:4000000000');
    }
    expect(screen.getAllByRole('link', { name: ACTIVITY_TEXT.backHome })[0]).toHaveAttribute('href', '/');
    expect(screen.getByTestId('activity-version')).toHaveTextContent(__BUILD_INFO__.version);
    expect(document.querySelector('script')).toBeNull();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('renders on the server with data it loaded and sanitised, and hydrates those very nodes without asking the API again', async () => {
    // The site's router as the server and the browser run it (the server with the request's path).
    const page = (store: PageDataStore) => (
      <PageDataProvider store={store}>
        <TestRouter path="/wuyou/1">
          <Suspense fallback={null}>
            <ActivityPage id="1" />
          </Suspense>
        </TestRouter>
      </PageDataProvider>
    );
    // The render server's way: the first render asks for the data, the page is rendered once it is in.
    answerWith(() => Promise.resolve(ACTIVITY));
    const server = new PageDataStore('server');
    renderToString(page(server));
    await waitFor(() => expect(server.get(PAGE_DATA_KEYS.activity('1'))).toBeDefined());
    const data = server.toJSON();
    expect(JSON.stringify(data)).not.toMatch(/<script/i);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(server));
    document.body.appendChild(container);
    const heading = container.querySelector('h1');
    expect(heading).toHaveTextContent(ACTIVITY.title);
    expect(container.querySelector('.activity-richtext')?.innerHTML).toBe('<p>聚焦<strong>大单元教学设计</strong></p>');
    jest.restoreAllMocks();

    const call = answerWith(() => Promise.resolve(ACTIVITY));
    const errors = jest.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, page(new PageDataStore('browser', data)));
    });
    expect(container.querySelector('h1')).toBe(heading);
    expect(call).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('offers a call to ask, not to sign up, once the deadline has passed', async () => {
    const signUp = { ...ACTIVITY.signUp, deadline: '2001-01-01' };
    answerWith(() => Promise.resolve({ ...ACTIVITY, signUp, endTime: '2099-01-01 17:00' }));
    renderPage('1');
    expect((await screen.findAllByText(ACTIVITY_TEXT.status.closed)).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: new RegExp(ACTIVITY_TEXT.callToAsk) }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: new RegExp(ACTIVITY_TEXT.callToSignUp) })).toBeNull();
  });

  it.each([
    ['', ACTIVITY_TEXT.missingId],
    ['abc', ACTIVITY_TEXT.invalidId],
    ['1.5', ACTIVITY_TEXT.invalidId],
  ])('answers the id %p itself, without asking the API', async (id, message) => {
    const call = answerWith(() => Promise.resolve(ACTIVITY));
    renderPage(id);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(ACTIVITY_PROBLEM_TITLES.invalid);
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: ACTIVITY_TEXT.backHome })).toHaveAttribute('href', '/');
    expect(within(alert).queryByRole('button', { name: ACTIVITY_TEXT.retry })).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it("shows the server's answer for an activity it does not have", async () => {
    answerWith(() => Promise.reject(new ApiError('envelope', MESSAGES.envelopeFallback, '404')));
    renderPage('999');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(ACTIVITY_PROBLEM_TITLES.notFound);
    expect(alert).toHaveTextContent(MESSAGES.envelopeFallback);
  });

  it('offers another try when the API cannot be reached, and shows the activity once it answers', async () => {
    const call = answerWith(() => Promise.reject(new ApiError('network', MESSAGES.network)));
    renderPage('2');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(ACTIVITY_PROBLEM_TITLES.unavailable);
    expect(alert).toHaveTextContent(MESSAGES.network);

    call.mockImplementation(() => Promise.resolve(ACTIVITY));
    fireEvent.click(within(alert).getByRole('button', { name: ACTIVITY_TEXT.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY.title })).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('refuses data that is not an activity instead of breaking', async () => {
    jest.spyOn(api, 'activityPage').mockResolvedValue({ unexpected: true } as unknown as Activity);
    renderPage('3');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.badResponse);
  });

  it('asks again when the id changes, and ignores the answer for the old one', async () => {
    let answerFirst: (activity: Activity) => void = () => undefined;
    const call = jest.spyOn(api, 'activityPage').mockImplementation(({ id }) =>
      id === '1'
        ? new Promise<Activity>((resolve) => (answerFirst = resolve))
        : Promise.resolve({ ...ACTIVITY, title: '第二个活动' }),
    );
    const view = renderPage('1');
    view.rerender(
      <TestRouter>
        <ActivityPage id="2" />
      </TestRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '第二个活动' })).toBeInTheDocument();
    await act(async () => answerFirst(ACTIVITY));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('第二个活动');
    expect(call).toHaveBeenCalledTimes(2);
  });
});
