import { getRuntimeConfig } from '../config/runtimeConfig';
import { post } from './client';
import { API_PATHS } from './paths';
import type { StatsEvent } from './types';

/**
 * docs/SPEC.md §7: statistics go as JSON to their own host, through the shared client with the hide-error flag:
 * a failure is never shown and never fails the page.
 */
export function track(event: StatsEvent): void {
  const url = `${getRuntimeConfig().statsBaseUrl}${API_PATHS.statsLog}`;
  post(url, event, { hideError: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
}
