import { CODE_COUNTDOWN_SECONDS, MESSAGES } from '@wenrun/shared';
import { CodeCountdown } from './CodeCountdown';

describe('CodeCountdown (docs/SPEC.md §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('offers to send a code before the first one', () => {
    const countdown = new CodeCountdown();
    expect(countdown.running).toBe(false);
    expect(countdown.label).toBe(MESSAGES.sendCode);
  });

  it('counts 60 s down, showing the seconds, then offers a retry', () => {
    const countdown = new CodeCountdown();
    countdown.start();
    expect(countdown.label).toBe(`${CODE_COUNTDOWN_SECONDS}s`);
    jest.advanceTimersByTime(1000);
    expect(countdown.label).toBe(`${CODE_COUNTDOWN_SECONDS - 1}s`);
    jest.advanceTimersByTime((CODE_COUNTDOWN_SECONDS - 2) * 1000);
    expect(countdown.running).toBe(true);
    expect(countdown.label).toBe('1s');
    jest.advanceTimersByTime(1000);
    expect(countdown.running).toBe(false);
    expect(countdown.label).toBe(MESSAGES.retryCode);
  });

  it('counts from the end time, so a late timer does not stretch the wait', () => {
    let now = 0;
    const countdown = new CodeCountdown(() => now);
    countdown.start();
    now = 45_500;
    jest.advanceTimersByTime(1000);
    expect(countdown.remaining).toBe(15);
  });
});
