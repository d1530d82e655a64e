import { track } from '@wenrun/shared';
import { readHydrationMismatches } from './hydrationCounts';
import { watchSlotHydration } from './slotHydration';

jest.mock('@wenrun/shared', () => ({ ...jest.requireActual('@wenrun/shared'), track: jest.fn() }));

beforeEach(() => {
  localStorage.clear();
  jest.mocked(track).mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const hydrationLines = () => jest.mocked(console.warn).mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('[hydration]'));
/** What a commit's slots and React said is reported once the commit's task is done. */
const commitEnds = () => Promise.resolve();

const MISMATCH = 'Text content does not match server-rendered HTML.';
const SWITCHED = 'There was an error while hydrating this Suspense boundary. Switched to client rendering.';

it('names the slot whose remote failed to load while its server markup waited, with React’s reason from the same commit', async () => {
  const hydration = watchSlotHydration({ awaiting: ['header/Header', 'about/AboutPage'] });
  // The order React keeps: the boundary's componentDidCatch (layout phase), then the commit's recoverable errors.
  hydration.slotFailed('header/Header');
  hydration.onRecoverableError(new Error(SWITCHED));
  await commitEnds();
  expect(hydrationLines()).toEqual([`[hydration] header/Header 加载失败，此区域改由浏览器显示：${SWITCHED}`]);
});

it('names it too when React reports nothing for that commit (the error went past the slot’s Suspense to its error boundary)', async () => {
  const hydration = watchSlotHydration({ awaiting: ['header/Header'] });
  hydration.slotFailed('header/Header');
  await commitEnds();
  expect(hydrationLines()).toEqual(['[hydration] header/Header 加载失败，此区域改由浏览器显示']);
});

it('says the page when no slot lost its markup in the commit', async () => {
  const hydration = watchSlotHydration({ awaiting: ['header/Header'] });
  hydration.slotShown('header/Header', false);
  hydration.onRecoverableError(MISMATCH);
  await commitEnds();
  expect(hydrationLines()).toEqual([`[hydration] 页面：${MISMATCH}`]);
  expect(track).not.toHaveBeenCalled();
});

it('claims nothing for a slot that failed after it was hydrated', async () => {
  const hydration = watchSlotHydration({ awaiting: ['auth/LoginModal'] });
  hydration.slotShown('auth/LoginModal', false);
  hydration.slotFailed('auth/LoginModal');
  await commitEnds();
  expect(hydrationLines()).toEqual([]);
});

it('a slot rendered afresh: said once with the commit’s reasons, sent as hydration-mismatch naming its remote and slot, counted', async () => {
  const hydration = watchSlotHydration({ awaiting: ['header/Header', 'about/AboutPage'] });
  hydration.slotShown('about/AboutPage', false);
  hydration.slotShown('header/Header', true);
  hydration.onRecoverableError(new Error(MISMATCH));
  hydration.onRecoverableError(new Error(SWITCHED));
  await commitEnds();
  expect(hydrationLines()).toEqual([`[hydration] header（header/Header）与服务器渲染的版本不同，已在浏览器中重新渲染此区域：${MISMATCH}；${SWITCHED}`]);
  expect(track).toHaveBeenCalledTimes(1);
  expect(track).toHaveBeenCalledWith({ type: 'hydration-mismatch', path: '/', detail: { remote: 'header', slot: 'header/Header' } });
  expect(readHydrationMismatches()).toEqual({ header: 1 });
  // Each slot answers once: a later render of it in the browser is its own, not a mismatch.
  hydration.slotShown('header/Header', true);
  await commitEnds();
  expect(track).toHaveBeenCalledTimes(1);
});

it('two slots rendered afresh in one commit are each said for themselves; a later commit’s error is the page’s', async () => {
  const hydration = watchSlotHydration({ awaiting: ['header/Header', 'about/AboutPage'] });
  hydration.slotShown('header/Header', true);
  hydration.slotShown('about/AboutPage', true);
  hydration.onRecoverableError(MISMATCH);
  await commitEnds();
  hydration.onRecoverableError(SWITCHED);
  await commitEnds();
  expect(hydrationLines()).toEqual([
    `[hydration] header（header/Header）与服务器渲染的版本不同，已在浏览器中重新渲染此区域：${MISMATCH}`,
    `[hydration] about（about/AboutPage）与服务器渲染的版本不同，已在浏览器中重新渲染此区域：${MISMATCH}`,
    `[hydration] 页面：${SWITCHED}`,
  ]);
  expect(jest.mocked(track).mock.calls.map(([event]) => event.detail)).toEqual([
    { remote: 'header', slot: 'header/Header' },
    { remote: 'about', slot: 'about/AboutPage' },
  ]);
});

it('knows which slots the server rendered as failed', () => {
  const hydration = watchSlotHydration({ failedOnServer: ['header/Header'] });
  expect(hydration.failedOnServer('header/Header')).toBe(true);
  expect(hydration.failedOnServer('about/AboutPage')).toBe(false);
});
