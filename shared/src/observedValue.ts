import { useSyncExternalStore } from 'react';

/**
 * A value components follow through React's `useSyncExternalStore`: the page data's revision, the page-wide
 * feedback (calls in flight, the dialog queue). What every page needs uses this, not MobX, which is for the stores
 * (`@wenrun/shared/stores`), so that a page without the login (an activity page) does without it.
 */
export class ObservedValue<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  set(value: T): void {
    this.value = value;
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The value as it changes; `serverValue` is what a server render (and hydration) shows. */
export function useObservedValue<T>(observed: ObservedValue<T>, serverValue: T): T {
  return useSyncExternalStore(observed.subscribe, observed.get, () => serverValue);
}
