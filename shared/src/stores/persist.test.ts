import { makeAutoObservable } from 'mobx';
import { z } from 'zod';
import { persistStore } from './persist';

class CounterStore {
  count = 0;
  constructor() {
    makeAutoObservable(this);
  }
  set(count: number) {
    this.count = count;
  }
}

const schema = z.object({ count: z.number() });

function persist(store: CounterStore, storage?: 'local' | 'session') {
  return persistStore({
    id: 'counter',
    storage,
    schema,
    snapshot: () => ({ count: store.count }),
    restore: (value) => store.set(value?.count ?? 0),
  });
}

describe('persistStore', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('saves to session storage under the store id by default, and restores from it', () => {
    const store = new CounterStore();
    const stop = persist(store);
    store.set(3);
    expect(sessionStorage.getItem('counter')).toBe('{"count":3}');
    expect(localStorage.getItem('counter')).toBeNull();
    stop();

    const again = new CounterStore();
    persist(again)();
    expect(again.count).toBe(3);
  });

  it.each([
    ['truncated JSON', '{"count":'],
    ['a foreign shape', '[]'],
    ['a wrong type', '{"count":"3"}'],
    ['an oversized value', JSON.stringify({ count: 1, junk: 'x'.repeat(20_000) })],
  ])('throws away %s with a warning and starts empty', (_case, raw) => {
    sessionStorage.setItem('counter', raw);
    const store = new CounterStore();
    store.set(9);
    persist(store)();
    expect(store.count).toBe(0);
    expect(sessionStorage.getItem('counter')).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('follows changes made in another tab when kept in local storage', () => {
    const store = new CounterStore();
    const stop = persist(store, 'local');
    localStorage.setItem('counter', '{"count":7}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'counter', storageArea: localStorage }));
    expect(store.count).toBe(7);
    localStorage.removeItem('counter');
    window.dispatchEvent(new StorageEvent('storage', { key: 'counter', storageArea: localStorage }));
    expect(store.count).toBe(0);
    stop();
  });

  it('keeps working in memory when saving fails (quota exceeded)', () => {
    const store = new CounterStore();
    const stop = persist(store);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => store.set(5)).not.toThrow();
    expect(store.count).toBe(5);
    expect(console.warn).toHaveBeenCalled();
    stop();
  });
});
