export type StorageArea = 'session' | 'local';

/** The browser's storage area, or null where there is none (Node) or it is switched off (privacy modes). */
export function storageArea(area: StorageArea): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy modes); the store then lives in memory only.
    return null;
  }
}
