import { failedEntries, FAILED_ENTRIES_KEY, FAILED_ENTRY_SKIP_MS } from './failedEntries';

const ENTRY = 'https://cdn-a.example/header/mf-manifest.json';
const OTHER = 'https://cdn-b.example/header/mf-manifest.json';

describe('failedEntries', () => {
  beforeEach(() => sessionStorage.clear());

  it('passes a marked entry over for the skip time, then no longer', () => {
    const failed = failedEntries(sessionStorage);
    failed.mark(ENTRY, 1_000);
    expect(failed.isSkipped(ENTRY, 1_000 + FAILED_ENTRY_SKIP_MS - 1)).toBe(true);
    expect(failed.isSkipped(ENTRY, 1_000 + FAILED_ENTRY_SKIP_MS)).toBe(false);
    expect(failed.isSkipped(OTHER, 1_000)).toBe(false);
  });

  it('is remembered across page loads of the visit (a new instance over the same storage)', () => {
    failedEntries(sessionStorage).mark(ENTRY, 1_000);
    expect(failedEntries(sessionStorage).isSkipped(ENTRY, 2_000)).toBe(true);
  });

  it('drops expired marks when it writes a new one', () => {
    const failed = failedEntries(sessionStorage);
    failed.mark(ENTRY, 1_000);
    failed.mark(OTHER, 1_000 + FAILED_ENTRY_SKIP_MS + 1);
    expect(Object.keys(JSON.parse(sessionStorage.getItem(FAILED_ENTRIES_KEY) ?? '{}') as object)).toEqual([OTHER]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[1,2]'],
    ['a mark that is not a number', JSON.stringify({ [ENTRY]: 'soon' })],
    ['a mark far in the future (would skip forever)', JSON.stringify({ [ENTRY]: 9e15 })],
  ])('treats corrupted storage (%s) as no marks, and writes over it', (_name, stored) => {
    sessionStorage.setItem(FAILED_ENTRIES_KEY, stored);
    const failed = failedEntries(sessionStorage);
    expect(failed.isSkipped(ENTRY, 1_000)).toBe(false);
    failed.mark(OTHER, 1_000);
    expect(failed.isSkipped(OTHER, 1_001)).toBe(true);
  });

  it('keeps marks in memory when the storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const failed = failedEntries(broken);
    failed.mark(ENTRY, 1_000);
    expect(failed.isSkipped(ENTRY, 2_000)).toBe(true);
  });

  it('keeps marks in memory without storage (the render server)', () => {
    const failed = failedEntries();
    failed.mark(ENTRY, 1_000);
    expect(failed.isSkipped(ENTRY, 2_000)).toBe(true);
  });
});
