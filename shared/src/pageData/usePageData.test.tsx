import { act, render, screen } from '@testing-library/react';
import { ApiError } from '../api/client';
import { MESSAGES } from '../constants';
import { PageDataProvider } from './context';
import { PageDataStore } from './PageDataStore';
import { Greeting } from './testGreeting';

describe('usePageData', () => {
  it('in the browser, shows what the page carried without asking again', () => {
    const load = jest.fn(async () => '新的');
    render(
      <PageDataProvider store={new PageDataStore('browser', { greeting: { ok: true, data: '页面带来的' } })}>
        <Greeting load={load} />
      </PageDataProvider>,
    );
    expect(screen.getByText('页面带来的')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('in the browser, loads what the page did not carry, and asks again on retry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new ApiError('network', MESSAGES.network)).mockResolvedValue('好了');
    render(<Greeting load={load} />);
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(await screen.findByText(`失败：${MESSAGES.network}`)).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: '重试' }).click());
    expect(await screen.findByText('好了')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('refuses a reply of the wrong shape with the Chinese message for it', async () => {
    render(<Greeting load={async () => ({ not: 'text' })} />);
    expect(await screen.findByText(`失败：${MESSAGES.badResponse}`)).toBeInTheDocument();
  });
});
