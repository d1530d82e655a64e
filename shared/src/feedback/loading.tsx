import { useEffect, useState } from 'react';
import { ObservedValue, useObservedValue } from '../observedValue';

/**
 * Counts what the visitor is waiting for (API calls in flight, which the shared client reports, and a navigation
 * whose page is still loading), for the page-wide progress bar.
 */
class RequestTracker {
  readonly count = new ObservedValue(0);

  get pending(): number {
    return this.count.get();
  }

  started(): void {
    this.count.set(this.pending + 1);
  }

  finished(): void {
    this.count.set(Math.max(0, this.pending - 1));
  }
}

export const requestTracker = new RequestTracker();

/** Shows the page-wide progress bar while `work` is under way (a navigation waiting for its page's code). */
export function showProgressWhile(work: Promise<unknown>): void {
  requestTracker.started();
  work.finally(() => requestTracker.finished()).catch(() => undefined);
}

/** Quick calls should not flash a bar. */
const SHOW_AFTER_MS = 300;

/** A thin bar at the top of the page while API calls or a navigation are slow to finish. */
export function RequestProgress() {
  const busy = useObservedValue(requestTracker.count, 0) > 0;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return visible ? <div className="request-progress" role="progressbar" aria-label="正在加载" /> : null;
}
