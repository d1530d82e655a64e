import { observer, uiStore } from '@wenrun/shared/stores';
import { useEffect, useState, type ComponentType } from 'react';
import { notify } from '@wenrun/shared';

export const CONTACT_LOAD_FAILED = '在线客服窗口没有加载成功，请检查网络后再试';

type ModalModule = { default: ComponentType };

const loadContactModal = (): Promise<ModalModule> => import('./ContactModal');

/**
 * The customer-service modal is fetched the first time anybody raises its flag, then stays mounted (it follows
 * the flag itself). A failed fetch lowers the flag and says so; the next click fetches again.
 */
interface ContactModalSlotProps {
  /** How the modal's code is fetched; tests give a failing one. */
  load?: () => Promise<ModalModule>;
}

export const ContactModalSlot = observer(function ContactModalSlot({ load = loadContactModal }: ContactModalSlotProps) {
  const wanted = uiStore.showContactModal;
  const [Modal, setModal] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!wanted || Modal) return undefined;
    let current = true;
    load().then(
      (loaded) => {
        if (current) setModal(() => loaded.default);
      },
      () => {
        if (!current) return;
        uiStore.setShowContactModal(false);
        notify.error(CONTACT_LOAD_FAILED);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, Modal, load]);

  return Modal ? <Modal /> : null;
});
