import { allRemoteModules } from '@wenrun/shared';
import { REMOTE_MODULES } from './modules';

it('the modules the shell may load are exactly those the route manifest names (one typed copy for the slots)', () => {
  const fromManifest = allRemoteModules().map((ref) => `${ref.remote}/${ref.module}`);
  const typed = Object.entries(REMOTE_MODULES).flatMap(([remote, modules]) => modules.map((module) => `${remote}/${module}`));
  expect(typed.sort()).toEqual(fromManifest.sort());
});
