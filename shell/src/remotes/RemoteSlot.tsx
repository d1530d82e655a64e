import {
  Component,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useHydrated, type RemoteName } from '@wenrun/shared';
import type { RemoteModule } from './modules';
import { moduleId, RemoteLoadError } from './remoteLoader';
import { useRemoteLoader, useSlotHydration } from './slotContext';

/** React warns of a layout effect on the server, which has no commit to run it in. */
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

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

/**
 * Renders one exposed module of a remote, in a `<Suspense>` boundary of its own:
 *
 * - on the server the module is already loaded (the render waits for the page's modules), or the slot renders
 *   its fallback and the page says so, so the browser starts from the same fallback and retries;
 * - in the browser a slot that hydrates server markup keeps that markup until its module is there; a slot whose
 *   markup the browser's module renders differently (another version of the remote) is rendered afresh alone;
 * - a remote that is down, slow or throws costs only this slot: a Chinese fallback in place, retries with
 *   backoff, the rest of the page goes on. The fallback stays while a retry is on its way (a remote that never
 *   answers takes 8 s to fail each time), so the visitor is told what is wrong, not shown a loader that never ends.
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
  const id = moduleId(remote, module);
  const loader = useRemoteLoader();
  const hydration = useSlotHydration();
  // The last failure, kept until the module is shown; `retrying` while an attempt after it is on its way.
  const [failure, setFailure] = useState<string | null>(() => (hydration.failedOnServer(id) ? '服务器渲染时无法加载' : null));
  const [retrying, setRetrying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Only the page's first slot of this name starts from the server's word; a slot mounted later loads on its own.
  // (Not `useHydrated`: its update after the root's commit would reach the slot's Suspense boundary before React
  // hydrates it, a pass later, and make React throw the server's markup away.)
  useCommitEffect(() => hydration.slotMounted(id), [hydration, id]);

  const retry = useCallback(() => {
    loader.forgetFailure(remote, module);
    setRetrying(true);
    setAttempt((n) => n + 1);
  }, [loader, remote, module]);

  const shown = useCallback(() => {
    setFailure(null);
    setRetrying(false);
  }, []);

  useEffect(() => {
    if (failure === null || retrying) return;
    const timer = setTimeout(retry, retryDelayMs(attempt));
    return () => clearTimeout(timer);
  }, [failure, retrying, attempt, retry]);

  const style = { minHeight };
  const classes = ['remote-slot', className].filter(Boolean).join(' ');

  const notice = failure !== null && (
    <div className={`${classes} remote-slot--failed`} style={style} role="alert" data-remote={remote}>
      <p>
        {label}暂时无法加载，正在自动重试…
        {/* The shell's own: this notice also stands in for the activity page, which loads no Semantic UI (budgets). */}
        <button type="button" className="remote-slot__retry" onClick={retry}>
          立即重试
        </button>
      </p>
    </div>
  );
  if (notice && !retrying) return notice;
  const placeholder = notice || (
    loading ?? (
      <div className={`${classes} remote-slot--loading`} style={style} aria-busy="true" data-remote={remote}>
        <span className="visually-hidden">{label}加载中</span>
      </div>
    )
  );
  return (
    <SlotErrorBoundary
      key={attempt}
      onError={(error) => {
        // A module that throws at start is a broken deploy: the next entry (last known good) is tried at once.
        if (!(error instanceof RemoteLoadError) && loader.skipBrokenEntry(remote, module)) retry();
        else {
          hydration.slotFailed(id);
          setFailure(String(error));
          setRetrying(false);
        }
      }}
    >
      <Suspense fallback={placeholder}>
        <SlotContent<P> remote={remote} module={module} props={props} onShown={shown} />
      </Suspense>
    </SlotErrorBoundary>
  );
}

function SlotContent<P extends object>({ remote, module, props, onShown }: { remote: RemoteName; module: string; props: P; onShown: () => void }) {
  const hydration = useSlotHydration();
  const { default: Exposed } = useRemoteLoader().read<Exposed<P>>(remote, module);
  // The first render's answer is the one that counts: after hydration every render is the browser's own.
  const firstRenderInBrowser = useRef(useHydrated()).current;
  const id = moduleId(remote, module);
  // A layout effect: said before React reports why it gave up on this commit's markup (slotHydration.ts).
  useCommitEffect(() => hydration.slotShown(id, firstRenderInBrowser), [hydration, id, firstRenderInBrowser]);
  useEffect(() => onShown(), [onShown]);
  return <Exposed {...props} />;
}

interface BoundaryProps {
  children: ReactNode;
  onError: (error: unknown) => void;
}

/** A remote that throws while rendering is treated like one that failed to load. */
class SlotErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof RemoteLoadError)) console.error('[remotes] 渲染出错', error);
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
