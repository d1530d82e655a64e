import { useRef, type KeyboardEvent } from 'react';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]';

function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/**
 * Keyboard focus for a modal dialog, which Semantic UI's Modal leaves to us: focus moves into the dialog when it
 * opens, Tab cycles inside it while it is open, and focus returns to where it was once it closes.
 */
export function useDialogFocus() {
  /** The part of the dialog whose first empty input gets the focus on opening. */
  const bodyRef = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  function onOpen() {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inputs = Array.from(bodyRef.current?.querySelectorAll('input') ?? []);
    (inputs.find((input) => input.value === '') ?? inputs[0])?.focus();
  }

  function onClose() {
    // After a login the header's 登录 button is gone; focus then stays where the browser puts it.
    if (returnTo.current?.isConnected) returnTo.current.focus();
    returnTo.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Tab') return;
    const stops = tabbables(event.currentTarget);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return { bodyRef, onOpen, onClose, onKeyDown };
}
