import { lazy, Suspense } from 'react';
import { ObservedValue, useObservedValue } from '../observedValue';
import type { DialogOptions } from './DialogModal';

export type { DialogOptions };

const DialogModal = lazy(() => import('./DialogModal'));

export interface OpenDialog extends DialogOptions {
  resolve: (confirmed: boolean) => void;
}

/** App-wide dialogs, one at a time, in the order they were asked for. */
class DialogStore {
  readonly queue = new ObservedValue<readonly OpenDialog[]>([]);

  open(options: DialogOptions): Promise<boolean> {
    return new Promise((resolve) => this.queue.set([...this.queue.get(), { ...options, resolve }]));
  }

  close(confirmed: boolean): void {
    const [current, ...rest] = this.queue.get();
    this.queue.set(rest);
    current?.resolve(confirmed);
  }
}

const dialogs = new DialogStore();
const NO_DIALOGS: readonly OpenDialog[] = [];

/** Asks the visitor to confirm; resolves `true` on the confirm button, `false` on cancel or Esc. */
export function confirmDialog(options: DialogOptions): Promise<boolean> {
  return dialogs.open({ confirmText: '确定', cancelText: '取消', ...options });
}

/** Tells the visitor something that needs acknowledging. */
export function alertDialog(options: Omit<DialogOptions, 'cancelText'>): Promise<boolean> {
  return dialogs.open({ confirmText: '知道了', ...options });
}

/** Rendered once per page (by the shell, or a remote's standalone page). */
export function Dialogs() {
  const current = useObservedValue(dialogs.queue, NO_DIALOGS)[0];
  if (!current) return null;
  return (
    // Semantic's modal code and styles are fetched with the first dialog, not with every page.
    <Suspense fallback={null}>
      <DialogModal dialog={current} onClose={(confirmed) => dialogs.close(confirmed)} />
    </Suspense>
  );
}
