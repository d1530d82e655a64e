import { expectHydration, onRecoverableError, slotFailedInBrowser } from './slotStatus';

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const hydrationLines = () => jest.mocked(console.warn).mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('[hydration]'));

it('names the slot whose remote failed to load while its server markup waited, for what React gave up on', () => {
  expectHydration(['header/Header', 'about/AboutPage']);
  slotFailedInBrowser('header/Header');
  onRecoverableError(new Error('There was an error while hydrating this Suspense boundary.'));
  jest.advanceTimersByTime(1000);
  expect(hydrationLines()).toEqual(['[hydration] header/Header 加载失败，此区域改由浏览器显示：There was an error while hydrating this Suspense boundary.']);
});

it('says the page when no slot claims what React gave up on', () => {
  onRecoverableError('Text content does not match server-rendered HTML.');
  jest.advanceTimersByTime(1000);
  expect(hydrationLines()).toEqual(['[hydration] 页面：Text content does not match server-rendered HTML.']);
});

it('claims nothing for a slot that failed after it was hydrated', () => {
  slotFailedInBrowser('auth/LoginModal');
  onRecoverableError('Hydration failed because the initial UI does not match what was rendered on the server.');
  jest.advanceTimersByTime(1000);
  expect(hydrationLines()).toEqual(['[hydration] 页面：Hydration failed because the initial UI does not match what was rendered on the server.']);
});
