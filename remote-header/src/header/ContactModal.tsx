import { observer } from 'mobx-react-lite';
import { Modal } from 'semantic-ui-react';
import { assetUrl, getRuntimeConfig, SERVICE_IMAGE_WIDTH, uiStore } from '@wenrun/shared';

/** SPEC.md §1: the customer-service pop-up with the service image (410 px wide, SPEC.md §9). */
export const ContactModal = observer(function ContactModal() {
  const { hotline } = getRuntimeConfig().contact;
  return (
    <Modal
      open={uiStore.showContactModal}
      onClose={() => uiStore.setShowContactModal(false)}
      closeIcon
      size="small"
      className="contact-modal"
      aria-labelledby="contact-modal-title"
    >
      <Modal.Header id="contact-modal-title">在线客服</Modal.Header>
      <Modal.Content className="contact-modal__content">
        <img
          src={assetUrl('/images/service.svg')}
          alt="客服二维码：微信扫码联系客服"
          width={SERVICE_IMAGE_WIDTH}
          className="contact-modal__image"
        />
        <p>工作日 9:00–18:00，服务热线 {hotline}</p>
      </Modal.Content>
    </Modal>
  );
});
