import { reaction } from 'mobx';
import { storageArea, type StorageArea } from '@wenrun/shared';

/** What persistence needs of a schema (a zod schema fits): a check that never throws. */
export interface StoredValueSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface PersistOptions<T> {
  /** The store id: the storage key unless `key` says otherwise. */
  id: string;
  key?: string;
  /** docs/SPEC.md §3: session storage unless asked otherwise. */
  storage?: StorageArea;
  /** What a stored value must look like; anything else is thrown away. */
  schema: StoredValueSchema<T>;
  /** The store's persisted state, observed. */
  snapshot: () => T;
  /** Puts a stored value back, or resets the store (`null`) when there is none or it was unusable. */
  restore: (value: T | null) => void;
  /** Larger stored values are thrown away unread. */
  maxChars?: number;
}

const DEFAULT_MAX_CHARS = 16 * 1024;

function readStored<T>(storage: Storage, key: string, options: PersistOptions<T>): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const discard = (why: string) => {
    console.warn(`[persist] ${options.id}: 丢弃本地存储中的 ${key}（${why}）`);
    try {
      storage.removeItem(key);
    } catch {
      // Nothing more to do: the value is ignored either way.
    }
    return null;
  };
  if (raw.length > (options.maxChars ?? DEFAULT_MAX_CHARS)) return discard('过大');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return discard('不是合法 JSON');
  }
  const result = options.schema.safeParse(parsed);
  return result.success ? result.data : discard('格式不符');
}

/**
 * The one persistence helper for every store. Restores the saved value (validated), saves on every change,
 * and, for local storage, follows changes made in other tabs. Returns a function that stops all of it.
 */
export function persistStore<T>(options: PersistOptions<T>): () => void {
  const key = options.key ?? options.id;
  const storage = storageArea(options.storage ?? 'session');
  if (!storage) return () => undefined;

  options.restore(readStored(storage, key, options));

  const stopSaving = reaction(
    options.snapshot,
    (value) => {
      try {
        storage.setItem(key, JSON.stringify(value));
      } catch (error) {
        console.warn(`[persist] ${options.id}: 无法保存（${String(error)}）`);
      }
    },
  );

  if (options.storage !== 'local') return stopSaving;

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === storage && (event.key === key || event.key === null)) {
      options.restore(readStored(storage, key, options));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopSaving();
    window.removeEventListener('storage', onStorage);
  };
}
