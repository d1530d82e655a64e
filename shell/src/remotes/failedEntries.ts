/** How long an entry that failed to load is passed over before it is tried again. */
export const FAILED_ENTRY_SKIP_MS = 10 * 60_000;

/** Where the browser remembers failed entries: for this visit (tab) only, so a new visit tries the primary. */
export const FAILED_ENTRIES_KEY = 'wenrun:failed-entries';

/**
 * Entries that failed to load for this visitor, each until a moment. A black-holed primary costs the manifest's
 * timeout once per visit, not on every page: the next page starts at the first entry not passed over.
 */
export interface FailedEntries {
  /** The entry failed at `now`: pass it over until `now + FAILED_ENTRY_SKIP_MS`. */
  mark(entry: string, now: number): void;
  isSkipped(entry: string, now: number): boolean;
}

type Marks = Record<string, number>;

/** What the storage holds, if it is what this module wrote: anything else (hand-edited, corrupted) counts as empty. */
function readMarks(raw: string | null): Marks {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((pair): pair is [string, number] => typeof pair[1] === 'number' && Number.isFinite(pair[1])),
    );
  } catch {
    return {};
  }
}

/**
 * Kept in `storage` (the tab's session storage in the browser) when given, otherwise in memory (the render
 * server, where one process serves every visitor). Storage that throws (private mode, quota) falls back to memory.
 */
export function failedEntries(storage?: Pick<Storage, 'getItem' | 'setItem'>): FailedEntries {
  let memory: Marks = {};
  const load = (): Marks => {
    try {
      return storage ? readMarks(storage.getItem(FAILED_ENTRIES_KEY)) : memory;
    } catch {
      return memory;
    }
  };
  const save = (marks: Marks) => {
    memory = marks;
    try {
      storage?.setItem(FAILED_ENTRIES_KEY, JSON.stringify(marks));
    } catch {
      // Memory keeps the marks for this page.
    }
  };
  return {
    mark(entry, now) {
      // Expired marks are dropped as new ones are written, so the stored list stays as short as the config's.
      const live = Object.entries(load()).filter(([, until]) => until > now);
      save({ ...Object.fromEntries(live), [entry]: now + FAILED_ENTRY_SKIP_MS });
    },
    isSkipped(entry, now) {
      const until = load()[entry];
      return until !== undefined && until > now && until <= now + FAILED_ENTRY_SKIP_MS;
    },
  };
}
