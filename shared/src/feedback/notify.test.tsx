import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS } from '../constants';
import { notify, Notifications } from './notify';

// jsdom has no media queries; the toaster asks whether motion is reduced.
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
});

afterEach(() => {
  jest.useRealTimers();
  jest.dontMock('react-hot-toast');
});

// One test, in order: the module starts as a page does, with no toaster fetched.
describe('notify', () => {
  it('renders nothing until a message; shows it plainly when the toaster cannot be fetched, in the toaster once it can', async () => {
    const { container } = render(<Notifications />);
    expect(container).toBeEmptyDOMElement();

    jest.doMock('react-hot-toast', () => {
      throw new Error('chunk failed');
    });
    jest.useFakeTimers();
    act(() => notify.error('网络异常，请稍后再试'));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，请稍后再试');
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByRole('alert')).toBeNull();
    jest.useRealTimers();

    jest.dontMock('react-hot-toast');
    act(() => notify.success('保存成功'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    act(() => notify.info('已退出登录'));
    expect(await screen.findByText('已退出登录')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
