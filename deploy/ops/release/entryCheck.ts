/**
 * Whether an entry works, as ops can tell from where the command runs: the `version.json` each build publishes
 * beside its manifest answers with a version. Nothing else is fetched: the manifest and the code are the shell's.
 */
import { VERSION_FILE } from '@wenrun/shared/node';

export const ENTRY_CHECK_TIMEOUT_MS = 3_000;

export interface EntryState {
  entry: string;
  /** The build's version when it answered. */
  version?: string;
  /** Why it does not count as working. */
  problem?: string;
}

export type EntryChecker = (entry: string) => Promise<EntryState>;

export const checkEntry: EntryChecker = async (entry) => {
  try {
    const response = await fetch(new URL(VERSION_FILE, entry), { signal: AbortSignal.timeout(ENTRY_CHECK_TIMEOUT_MS) });
    if (!response.ok) return { entry, problem: `${VERSION_FILE} HTTP ${response.status}` };
    const { version } = (await response.json()) as { version?: unknown };
    return typeof version === 'string' && version ? { entry, version } : { entry, problem: `${VERSION_FILE} 没有版本号` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `${ENTRY_CHECK_TIMEOUT_MS / 1000} 秒内无响应` : '无法连接';
    return { entry, problem: `${VERSION_FILE} ${reason}` };
  }
};
