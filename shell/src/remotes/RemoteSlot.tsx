import { Component, useCallback, useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { RemoteName } from '@wenrun/shared';
import type { RemoteModule } from './modules';
import { loadedModule, loadExposed, skipBrokenEntry } from './registry';

/** Waits between automatic retries: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

type Exposed<P> = { default: ComponentType<P> };

interface RemoteSlotProps<R extends RemoteName, P extends object> {
  remote: R;
  /** The exposed module, as in the remote's `exposes` (e.g. `./Header`). */
  module: RemoteModule<R>;
  props: P;
  /** What the slot holds, in Chinese, for the fallback text (e.g. 页头). */
  label: string;
  /** Space kept for the slot while it loads or has failed, so that nothing below it moves. */
  minHeight: CSSProperties['minHeight'];
  className?: string;
  /** Shown while loading instead of the default loader (e.g. nothing for a modal). */
  loading?: ReactNode;
}

type SlotState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; message: string };

/**
 * Loads one exposed module of a remote and renders it. A remote that is down, slow or throws costs only this
 * slot: it shows a Chinese fallback in place, retries with backoff, and the rest of the page goes on.
 */
export function RemoteSlot<R extends RemoteName, P extends object>({
  remote,
  module,
  props,
  label,
  minHeight,
  className,
  loading,
}: RemoteSlotProps<R, P>) {
  // A module loaded before the first render (preloaded for a prerendered page) shows without a loading frame.
  const [state, setState] = useState<SlotState<P>>(() => {
    const preloaded = loadedModule<Exposed<P>>(remote, module);
    return preloaded ? { status: 'ready', Component: preloaded.default } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && loadedModule(remote, module)) return;
    let cancelled = false;
    loadExposed<Exposed<P>>(remote, module).then(
      (exposed) => {
        if (!cancelled) setState({ status: 'ready', Component: exposed.default });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (state.status !== 'failed') return;
    const timer = setTimeout(retry, retryDelayMs(attempt));
    return () => clearTimeout(timer);
  }, [state.status, attempt, retry]);

  const style = { minHeight };
  const classes = ['remote-slot', className].filter(Boolean).join(' ');

  if (state.status === 'ready') {
    return (
      <SlotErrorBoundary
        key={attempt}
        onError={(message) => {
          // A module that throws at start is a broken deploy: the next entry (last known good) is tried at once.
          if (skipBrokenEntry(remote)) retry();
          else setState({ status: 'failed', message });
        }}
      >
        <state.Component {...props} />
      </SlotErrorBoundary>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={`${classes} remote-slot--failed`} style={style} role="alert" data-remote={remote}>
        <p>
          {label}暂时无法加载，正在自动重试…
          <button type="button" className="remote-slot__retry" onClick={retry}>
            立即重试
          </button>
        </p>
      </div>
    );
  }
  return (
    loading ?? (
      <div className={`${classes} remote-slot--loading`} style={style} aria-busy="true" data-remote={remote}>
        <span className="visually-hidden">{label}加载中</span>
      </div>
    )
  );
}

interface BoundaryProps {
  children: ReactNode;
  onError: (message: string) => void;
}

/** A remote that throws while rendering is treated like one that failed to load. */
class SlotErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[remotes] 渲染出错', error);
    this.props.onError(String(error));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
