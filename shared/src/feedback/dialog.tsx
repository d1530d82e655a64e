import { action, makeObservable, observable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';

const DialogModal = lazy(() => import('./DialogModal'));

export interface DialogOptions {
  title: string;
  content: string;
  confirmText?: string;
  /** Without it the dialog only informs (one button). */
  cancelText?: string;
}

export interface OpenDialog extends DialogOptions {
  resolve: (confirmed: boolean) => void;
}

/** App-wide dialogs, one at a time, in the order they were asked for. */
class DialogStore {
  queue: OpenDialog[] = [];

  constructor() {
    makeObservable(this, { queue: observable, open: action, close: action });
  }

  open(options: DialogOptions): Promise<boolean> {
    return new Promise((resolve) => this.queue.push({ ...options, resolve }));
  }

  close(confirmed: boolean): void {
    this.queue.shift()?.resolve(confirmed);
  }
}

const dialogs = new DialogStore();

/** Asks the visitor to confirm; resolves `true` on the confirm button, `false` on cancel or Esc. */
export function confirmDialog(options: DialogOptions): Promise<boolean> {
  return dialogs.open({ confirmText: '确定', cancelText: '取消', ...options });
}

/** Tells the visitor something that needs acknowledging. */
export function alertDialog(options: Omit<DialogOptions, 'cancelText'>): Promise<boolean> {
  return dialogs.open({ confirmText: '知道了', ...options });
}

/** Rendered once per page (by the shell, or a remote's standalone page). */
export const Dialogs = observer(function Dialogs() {
  const current = dialogs.queue[0];
  if (!current) return null;
  return (
    // Semantic's modal code and styles are fetched with the first dialog, not with every page.
    <Suspense fallback={null}>
      <DialogModal dialog={current} onClose={(confirmed) => dialogs.close(confirmed)} />
    </Suspense>
  );
});
