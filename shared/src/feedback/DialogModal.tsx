import { useDialogFocus } from '../a11y/dialogFocus';
import { Button, Modal } from 'semantic-ui-react';
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/transition.min.css';

/** What a dialog says; the modal loads on first use, and the type goes with it so it imports nothing back. */
export interface DialogOptions {
  title: string;
  content: string;
  confirmText?: string;
  /** Without it the dialog only informs (one button). */
  cancelText?: string;
}

export default function DialogModal({ dialog, onClose }: { dialog: DialogOptions; onClose: (confirmed: boolean) => void }) {
  // The first answer gets the focus: cancel where there is one, so Enter on a confirm does not confirm by accident.
  const dialogFocus = useDialogFocus(() => document.querySelector<HTMLElement>('.app-dialog .actions button'));
  return (
    <Modal
      open
      size="tiny"
      className="app-dialog"
      onClose={() => onClose(false)}
      aria-labelledby="app-dialog-title"
      {...dialogFocus}
    >
      <Modal.Header id="app-dialog-title">{dialog.title}</Modal.Header>
      <Modal.Content>
        <p>{dialog.content}</p>
      </Modal.Content>
      <Modal.Actions>
        {dialog.cancelText && (
          <Button type="button" onClick={() => onClose(false)}>
            {dialog.cancelText}
          </Button>
        )}
        <Button type="button" primary onClick={() => onClose(true)}>
          {dialog.confirmText}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
