import { useRef, useState } from 'react';

/**
 * Runs one request at a time: a call made while one is under way is dropped (a double click, Enter pressed
 * twice). The guard is a ref because the second event arrives before React re-renders with `busy` set.
 */
export function useSingleFlight(): [busy: boolean, run: (task: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function run(task: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return [busy, run];
}
