import { observer, uiStore } from '@wenrun/shared/stores';
import { useId, useRef } from 'react';
import { Modal } from 'semantic-ui-react';
import { assetUrl, getRuntimeConfig, SERVICE_IMAGE_WIDTH } from '@wenrun/shared';
import { useDialogFocus } from '@wenrun/shared/ui';
import { CloseIcon } from './icons';
// Semantic's modal styles come with the modal (shared carries only the first-paint set).
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/transition.min.css';
import './contact.css';

/**
 * Height of the reference API's service image (410 × 520): it reserves the space while the image loads. CSS
 * keeps `height: auto`, so another server's image keeps its own proportions.
 */
const SERVICE_IMAGE_HEIGHT = 520;

/** A dialable number for a hotline written for people, e.g. `400-000-0000（演示号码）` → `tel:4000000000`. */
export function telHref(hotline: string): string | null {
  const digits = hotline.match(/\+?\d[\d\s-]{4,}\d/)?.[0].replace(/[\s-]/g, '');
  return digits ? `tel:${digits}` : null;
}

/**
 * docs/SPEC.md §1, §3, §9: the customer-service pop-up, shown by `showContactModal`, its image 410 px wide. Loaded on
 * demand by `ContactModalSlot`.
 */
const ContactModal = observer(function ContactModal() {
  const { hotline } = getRuntimeConfig().contact;
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialogFocus = useDialogFocus(() => closeButton.current);
  const close = () => uiStore.setShowContactModal(false);
  const tel = telHref(hotline);

  return (
    <Modal
      open={uiStore.showContactModal}
      onClose={close}
      {...dialogFocus}
      size="tiny"
      className="contact-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      {/* The site's round × (shared's .modal-close): Modal's own closeIcon is a glyph of Semantic's icon font, which the site does not load. */}
      <button ref={closeButton} type="button" className="modal-close" onClick={close} aria-label="关闭">
        <CloseIcon size={22} />
      </button>
      <Modal.Header id={titleId}>在线客服</Modal.Header>
      <Modal.Content className="contact-modal__content">
        <img
          className="contact-modal__image"
          src={assetUrl('/images/service.svg')}
          alt="客服二维码：微信扫码添加客服顾问"
          width={SERVICE_IMAGE_WIDTH}
          height={SERVICE_IMAGE_HEIGHT}
        />
        <p>
          服务热线：{tel ? <a href={tel}>{hotline}</a> : <strong>{hotline}</strong>}
        </p>
      </Modal.Content>
    </Modal>
  );
});

export default ContactModal;
