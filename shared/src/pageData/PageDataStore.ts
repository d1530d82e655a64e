import type { ApiErrorKind, CallOptions } from '../api/client';
import { MESSAGES } from '../constants';
import { ObservedValue } from '../observedValue';

/** Why a page's data could not be had, in a form that survives being embedded in the page as JSON. */
export interface PageDataFailure {
  kind: ApiErrorKind;
  /** Chinese, fit to show. */
  message: string;
  /** The envelope's code, when the API answered with one. */
  code?: string;
}

export type PageDataEntry = { ok: true; data: unknown } | { ok: false; error: PageDataFailure };

export type PageDataLoader = (options: CallOptions) => Promise<unknown>;

/**
 * The shared client rejects with an `ApiError` (its kind, a Chinese message, the envelope's code); read by its
 * shape, so that what only needs the store (the route manifest, Node tools) does not load the client.
 */
export function failureOf(error: unknown): PageDataFailure {
  const { kind, message, code } = (error ?? {}) as { kind?: unknown; message?: unknown; code?: unknown };
  if (error instanceof Error && typeof kind === 'string' && typeof message === 'string') {
    return { kind: kind as ApiErrorKind, message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { kind: 'network', message: MESSAGES.network };
}

/**
 * The data a page shows, by key (`home`, `activity:3` …). On the server there is one store per render: pages ask
 * for what they need while rendering, the render waits for it, and the store then travels inside the HTML. In
 * the browser the store starts from what the page carried, so hydration shows the very same data without asking
 * the API again; what the browser loads later is put here too, so the page's head can follow it.
 */
export class PageDataStore {
  private readonly entries: Map<string, PageDataEntry>;
  private readonly pending = new Map<string, Promise<void>>();
  /** Keys the page arrived with and nobody has shown yet: their first use needs no request. */
  private readonly unclaimed: Set<string>;
  private readonly revision = new ObservedValue(0);

  constructor(
    readonly side: 'server' | 'browser',
    initial: Record<string, PageDataEntry> = {},
    /** When the page was rendered: what "now" means until the browser has taken the page over. */
    readonly renderedAt: Date = new Date(),
    /** Server: how the render calls the API (its own timeout, its own target); never a visitor's settings. */
    private readonly callOptions: CallOptions = {},
  ) {
    this.entries = new Map(Object.entries(initial));
    this.unclaimed = new Set(this.entries.keys());
  }

  get(key: string): PageDataEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: PageDataEntry): void {
    this.entries.set(key, entry);
    this.revision.set(this.revision.get() + 1);
  }

  /** True once for a key the page arrived with: the caller shows it as it is. */
  claim(key: string): boolean {
    return this.unclaimed.delete(key);
  }

  subscribe = (listener: () => void): (() => void) => this.revision.subscribe(listener);

  /** Changes whenever an entry does (for `useSyncExternalStore`). */
  getRevision = (): number => this.revision.get();

  /**
   * Server: starts loading `key` once, however often the render asks; the render suspends on the promise. No toast:
   * nobody sees the server's calls fail but through the page it renders.
   */
  load(key: string, loader: PageDataLoader): Promise<void> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = loader({ ...this.callOptions, hideError: true }).then(
        (data) => this.set(key, { ok: true, data }),
        (error: unknown) => this.set(key, { ok: false, error: failureOf(error) }),
      );
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Every entry, as embedded in the page. */
  toJSON(): Record<string, PageDataEntry> {
    return Object.fromEntries(this.entries);
  }

  failures(): [key: string, failure: PageDataFailure][] {
    return [...this.entries].flatMap(([key, entry]) => (entry.ok ? [] : [[key, entry.error] as [string, PageDataFailure]]));
  }
}
