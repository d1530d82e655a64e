import { Button, Modal } from '../ui';
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/transition.min.css';
import type { OpenDialog } from './dialog';

export default function DialogModal({ dialog, onClose }: { dialog: OpenDialog; onClose: (confirmed: boolean) => void }) {
  return (
    <Modal open size="tiny" onClose={() => onClose(false)} aria-labelledby="app-dialog-title">
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
