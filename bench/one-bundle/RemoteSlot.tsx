/**
 * The one-bundle baseline's stand-in for shell/src/remotes/RemoteSlot.tsx (swapped in by its webpack config):
 * the same props, but each exposed module is imported from the remote's source. Each one stays its own lazy
 * chunk, as each exposed module is its own federated chunk, so the comparison shows what federation itself
 * costs (runtime, remote entries, manifests, extra origins, duplicates), not a different code-splitting.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { RemoteSlot as FederatedRemoteSlot } from '@wenrun/shell/remotes/RemoteSlot';

// Props differ per module; RemoteSlot's callers type them, as with the federated slot.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the map holds components of different props
type AnyComponent = ComponentType<any>;

const EXPOSED: Record<string, AnyComponent> = {
  'header/./Header': lazy(() => import('@wenrun/remote-header/exposes/Header')),
  'header/./SearchResults': lazy(() => import('@wenrun/remote-header/exposes/SearchResults')),
  'about/./AboutPage': lazy(() => import('@wenrun/remote-about/exposes/AboutPage')),
  'auth/./LoginModal': lazy(() => import('@wenrun/remote-auth/exposes/LoginModal')),
  'wuyou/./ActivityPage': lazy(() => import('@wenrun/remote-wuyou/exposes/ActivityPage')),
};

/** The federated slot's props, so the baseline accepts exactly what the shell passes. */
type RemoteSlotProps = Parameters<typeof FederatedRemoteSlot>[0];

export function RemoteSlot({ remote, module, props, label, minHeight, className, loading }: RemoteSlotProps) {
  const Exposed = EXPOSED[`${remote}/${module}`];
  if (!Exposed) throw new Error(`单包基线没有 ${remote}/${module}`);
  const classes = ['remote-slot', className].filter(Boolean).join(' ');
  // The same placeholder as the federated slot, so that layout shift is measured alike.
  const placeholder = loading ?? (
    <div className={`${classes} remote-slot--loading`} style={{ minHeight }} aria-busy="true" data-remote={remote}>
      <span className="visually-hidden">{label}加载中</span>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <Exposed {...props} />
    </Suspense>
  );
}
