/**
 * Between the first paint of a prerendered page and the moment the app takes it over, the page looks ready and a
 * visitor may type or press a button. That must not be lost: typed text is carried into the app's fields, focus
 * stays where it was, and the last button press or form submission is replayed on the app's element in the same
 * place (the app renders the same markup, so "the n-th button" is the same button).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Position {
  tag: string;
  index: number;
}

export interface Interaction {
  values: (Position & { value: string })[];
  focus?: Position;
  /** `label`: the pressed element's text, so that a press is never replayed on a different control. */
  action?: Position & { kind: 'click' | 'submit'; label: string };
}

const FIELD_TAGS = ['input', 'textarea', 'select'];

function positionOf(container: Element, element: Element): Position {
  const tag = element.tagName.toLowerCase();
  return { tag, index: Array.from(container.querySelectorAll(tag)).indexOf(element) };
}

function elementAt(container: Element, { tag, index }: Position): Element | undefined {
  return container.querySelectorAll(tag)[index];
}

export interface InteractionRecording {
  /** Returns what happened and stops recording. */
  finish: () => Interaction;
}

/** Starts recording on the prerendered markup. */
export function recordInteraction(container: Element): InteractionRecording {
  let action: Interaction['action'];
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest('button');
    if (button && container.contains(button)) {
      action = { kind: 'click', label: button.textContent ?? '', ...positionOf(container, button) };
    }
  };
  const onSubmit = (event: Event) => {
    // No app behind the form yet: a native submission would reload the page and lose what was typed.
    event.preventDefault();
    const form = event.target as Element;
    action = { kind: 'submit', label: form.textContent ?? '', ...positionOf(container, form) };
  };
  container.addEventListener('click', onClick, true);
  container.addEventListener('submit', onSubmit, true);

  return {
    finish: () => {
      container.removeEventListener('click', onClick, true);
      container.removeEventListener('submit', onSubmit, true);
      const values = FIELD_TAGS.flatMap((tag) =>
        Array.from(container.querySelectorAll<Field>(tag)).flatMap((field, index) =>
          field.value !== field.getAttribute('value') && field.value !== '' ? [{ tag, index, value: field.value }] : [],
        ),
      );
      const active = document.activeElement;
      const focus = active && active !== document.body && container.contains(active) ? positionOf(container, active) : undefined;
      return { values, focus, action };
    },
  };
}

/** Sets a field the way typing would, so that the app's own change handlers see it. */
function typeInto(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Replays a recorded interaction on the app's markup, right after its first commit. */
export function replayInteraction(container: Element, interaction: Interaction): void {
  for (const { value, ...position } of interaction.values) {
    const field = elementAt(container, position);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
      typeInto(field, value);
    }
  }
  if (interaction.focus) (elementAt(container, interaction.focus) as HTMLElement | undefined)?.focus();
  const { action } = interaction;
  if (!action) return;
  const target = elementAt(container, action);
  // The app may show other controls than the prerendered page did (a logged-in visitor's header has 退出登录
  // where the page had 登录): a press is replayed only on the same control.
  if (action.kind === 'click' && target?.textContent !== action.label) return;
  // After the typed values have reached the app's state.
  setTimeout(() => {
    if (action.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    if (action.kind === 'click' && target instanceof HTMLElement) target.click();
  });
}
