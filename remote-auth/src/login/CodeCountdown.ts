import { action, computed, makeObservable, observable } from '@wenrun/shared/stores';
import { CODE_COUNTDOWN_SECONDS, MESSAGES } from '@wenrun/shared';

/**
 * docs/SPEC.md §4: after a code was sent, 60 s before another may be asked for. Lives outside the modal so that
 * closing and reopening it does not reset the wait. Counts from an end time, so a throttled tab stays right.
 */
export class CodeCountdown {
  remaining = 0;
  /** Whether a code was sent before: the button then offers to send again. */
  hasRun = false;
  private endsAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly now: () => number = () => Date.now()) {
    makeObservable<CodeCountdown, 'tick'>(this, {
      remaining: observable,
      hasRun: observable,
      running: computed,
      label: computed,
      start: action,
      tick: action,
    });
  }

  get running(): boolean {
    return this.remaining > 0;
  }

  /** docs/SPEC.md §4: the remaining seconds while counting, then the retry wording. */
  get label(): string {
    if (this.running) return `${this.remaining}s`;
    return this.hasRun ? MESSAGES.retryCode : MESSAGES.sendCode;
  }

  start(seconds: number = CODE_COUNTDOWN_SECONDS): void {
    this.endsAt = this.now() + seconds * 1000;
    this.remaining = seconds;
    this.hasRun = true;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.remaining = Math.max(0, Math.ceil((this.endsAt - this.now()) / 1000));
    if (this.remaining === 0) clearInterval(this.timer);
  }
}

export const codeCountdown = new CodeCountdown();
