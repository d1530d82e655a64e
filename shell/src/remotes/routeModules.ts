import { isAboutPath, isActivityPath, isSearchPath, type RemoteName } from '@wenrun/shared';
import type { RemoteModule } from './modules';

type Needed = { [R in RemoteName]: { remote: R; module: RemoteModule<R> } }[RemoteName];

/** The remote modules a path shows at once; loaded before a prerendered page is taken over. */
export function modulesForPath(pathname: string): Needed[] {
  if (isActivityPath(pathname)) return [{ remote: 'wuyou', module: './ActivityPage' }];
  const header: Needed = { remote: 'header', module: './Header' };
  if (isAboutPath(pathname)) return [header, { remote: 'about', module: './AboutPage' }];
  if (isSearchPath(pathname)) return [header, { remote: 'header', module: './SearchResults' }];
  return [header];
}
