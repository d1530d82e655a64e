import { useRef, type KeyboardEvent } from 'react';

/** Elements that can take the keyboard focus; `tabStops` then drops those Tab would skip. */
const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

/**
 * Whether the element is rendered. Decided by attributes and computed style, never by layout
 * (`getClientRects`, `offsetParent`): jsdom lays nothing out, so a layout test would drop every control there.
 * `display` is not inherited, hence the walk up; `visibility` is, so the element's own value is enough.
 */
function isRendered(element: HTMLElement, dialog: HTMLElement): boolean {
  if (element.closest('[inert]')) return false;
  for (let node: HTMLElement | null = element; node && node !== dialog.parentElement; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return getComputedStyle(element).visibility === 'visible';
}

/** The dialog's controls that Tab stops at, in document order. */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && isRendered(element, dialog),
  );
}

/**
 * Keeps Tab inside the dialog: from the last stop to the first and back. Without it the keyboard walks into the
 * page hidden behind the dimmer.
 */
function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Props for Semantic UI's `Modal`, spread onto it. */
export interface DialogFocus {
  onMount: () => void;
  onUnmount: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * Keyboard focus for a modal dialog, which Semantic UI's Modal leaves to us: focus moves into the dialog when it
 * opens, Tab and Shift+Tab cycle inside it while it is open, and focus returns to where it was once it closes.
 * Esc is the Modal's own (`closeOnEscape`); closing it unmounts the content, which hands the focus back.
 *
 * @param initialFocus the control that gets the focus on opening, looked up once the content is in the page.
 */
export function useDialogFocus(initialFocus: () => HTMLElement | null | undefined): DialogFocus {
  const returnTo = useRef<HTMLElement | null>(null);

  return {
    onMount() {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      initialFocus()?.focus();
    },
    onUnmount() {
      // The opener may be gone by now (after a login the header's 登录 button is); focus then stays where the
      // browser puts it.
      if (returnTo.current?.isConnected) returnTo.current.focus();
      returnTo.current = null;
    },
    onKeyDown: keepTabInside,
  };
}
