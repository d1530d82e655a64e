import { useEffect, useId, useState } from 'react';
import type { OfficialAccount } from '@wenrun/shared';

/**
 * An official account's name; its QR code (made here from the configured URL) shows on hover, on keyboard
 * focus and on tap.
 */
export function OfficialAccountCode({ account }: { account: OfficialAccount }) {
  const [open, setOpen] = useState(false);
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const popupId = useId();

  useEffect(() => {
    if (!open || dataUrl) return;
    let cancelled = false;
    // The QR encoder is fetched the first time a code is wanted, not with the page.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(account.url, { width: 132, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => !cancelled && setDataUrl(url),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [open, dataUrl, account.url]);

  return (
    <div
      className="account-code"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      {/* The footer's own tooltip, not Semantic's Popup: Popup brings Popper and would add 9.5 KB as sent to every
          page's selection chunk (docs/ARCHITECTURE.md); this costs nothing beyond the footer. Its trigger is a
          name in the footer's line of text, drawn as the footer's links are, not a Semantic button. */}
      <button
        type="button"
        className="account-code__name"
        aria-expanded={open}
        aria-controls={popupId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => !value)}
      >
        {account.name}
      </button>
      <div id={popupId} className="account-code__popup" hidden={!open} role="tooltip">
        {dataUrl && <img src={dataUrl} alt={`${account.name}公众号二维码`} width={132} height={132} />}
        <span>微信扫码关注</span>
      </div>
    </div>
  );
}
