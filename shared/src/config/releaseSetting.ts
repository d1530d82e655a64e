/**
 * One line of what a remote's release is (its entries, and its canary with the share), as ops read it on the
 * console of `npm run release` and on the status page's history. The history file may be edited by hand, so
 * anything is accepted and what is not a list of entries says so.
 */
export function describeRelease(setting: { entries?: unknown; canary?: { entry?: unknown; percent?: unknown } } | undefined): string {
  const entries = Array.isArray(setting?.entries) ? setting.entries.join(' , ') || '（无）' : '—';
  const canary = setting?.canary ? `；灰度 ${String(setting.canary.percent)}% → ${String(setting.canary.entry)}` : '';
  return `${entries}${canary}`;
}
