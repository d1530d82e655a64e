import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, ApiError, MESSAGES, NOT_FOUND_CODE, PRERENDER_DATA_ID, type Activity } from '@wenrun/shared';
import { ACTIVITY_TEXT } from '../activity/text';
import { activityPrerenderKey } from '../activity/useActivity';
import { ACTIVITY } from '../testing/activityFixture';
import ActivityPage from './ActivityPage';

// What the prerender step embedded in the page of /wuyou/1: the activity as the server answered at build time.
const BUILT: Activity = { ...ACTIVITY, title: `${ACTIVITY.title}（构建时）` };

beforeAll(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRERENDER_DATA_ID;
  script.textContent = JSON.stringify({ [activityPrerenderKey('1')]: BUILT });
  document.body.appendChild(script);
});

afterEach(() => jest.restoreAllMocks());

function renderPage(id: string) {
  return render(
    <MemoryRouter>
      <ActivityPage id={id} />
    </MemoryRouter>,
  );
}

/** Lets the settled API call's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ActivityPage on a prerendered page', () => {
  it('starts from the embedded activity (the same page, no loading state), then shows the fresh one quietly', async () => {
    let answer: (activity: Activity) => void = () => undefined;
    const call = jest.spyOn(api, 'activityPage').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage('1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(BUILT.title);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');
    expect(call).toHaveBeenCalledWith({ id: '1' }, expect.objectContaining({ hideError: true }));

    answer(ACTIVITY);
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY.title })).toBeInTheDocument();
  });

  it.each([
    ['the API cannot be reached', () => Promise.reject(new ApiError('network', MESSAGES.network))],
    ['the API refuses the call', () => Promise.reject(new ApiError('envelope', MESSAGES.envelopeFallback, '500'))],
    ['the API answers nonsense', () => Promise.resolve({ unexpected: true } as unknown as Activity)],
  ])('keeps the embedded activity when %s', async (_case, reply) => {
    const call = jest.spyOn(api, 'activityPage').mockImplementation(reply);
    renderPage('1');
    await waitFor(() => expect(call).toHaveBeenCalled());
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(BUILT.title);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives way to the API saying the activity is gone (taken offline since the prerender)', async () => {
    jest.spyOn(api, 'activityPage').mockRejectedValue(new ApiError('envelope', '活动不存在或已下线', NOT_FOUND_CODE));
    renderPage('1');
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('活动不存在或已下线');
    expect(screen.queryByText(BUILT.title)).toBeNull();
  });

  it('does not show the embedded activity for another id', async () => {
    jest.spyOn(api, 'activityPage').mockResolvedValue({ ...ACTIVITY, id: 2, title: '第二个活动' });
    renderPage('2');
    expect(screen.getByRole('status')).toHaveTextContent(ACTIVITY_TEXT.loading);
    expect(await screen.findByRole('heading', { level: 1, name: '第二个活动' })).toBeInTheDocument();
    expect(screen.queryByText(BUILT.title)).toBeNull();
  });
});
