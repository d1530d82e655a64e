/** Where this browser counts the slots it rendered afresh, by remote: the status page shows them. */
export const HYDRATION_COUNT_KEY = 'wenrun.hydrationMismatches';

export function countHydrationMismatch(remote: string): void {
  try {
    const counts = readHydrationMismatches();
    counts[remote] = (counts[remote] ?? 0) + 1;
    localStorage.setItem(HYDRATION_COUNT_KEY, JSON.stringify(counts));
  } catch {
    // Storage off or full: the console line and the statistics event still say it.
  }
}

/** The counts this browser kept; anything unreadable counts as none. */
export function readHydrationMismatches(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HYDRATION_COUNT_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1] > 0));
  } catch {
    return {};
  }
}
