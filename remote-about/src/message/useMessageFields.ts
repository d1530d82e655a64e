import { useId, useRef, useState } from 'react';
import type { Input, TextArea } from 'semantic-ui-react';
import { useHydrated } from '@wenrun/shared';
import { DRAFT_MAX_LENGTH, type MessageDraft } from './MessageDraft';
import { MESSAGE_FIELDS, validateField, validateMessage, type MessageErrors, type MessageField } from './rules';

/** Semantic UI React's controls; each focuses its element (`focus()`). */
type Control = Input | TextArea;

/**
 * The form's three fields over the draft: what each shows, its control bound to the draft, and the message next to
 * it. Called in the form's observer render, so the draft's values read here are tracked.
 */
export function useMessageFields(draft: MessageDraft, readOnly: boolean) {
  const [errors, setErrors] = useState<MessageErrors>({});
  const hydrated = useHydrated();
  const controls = useRef<Partial<Record<MessageField, Control | null>>>({});
  const formId = useId();

  // All three read here, in this observer's own render: the fields are drawn in FormField's render prop, where MobX
  // does not track what is read, so a field read only there was not re-rendered as it was typed and React put its old
  // value back at each key (a visitor typing into 姓名 or 手机号 saw nothing).
  const values = hydrated ? draft.values : null;
  const shown = (field: MessageField) => values?.[field] ?? '';

  // No `name` on the controls: a server-rendered copy of the form submitted natively before any script runs would
  // otherwise put the visitor's phone number into the address bar and the server logs.
  const bind = (field: MessageField) => ({
    value: shown(field),
    maxLength: DRAFT_MAX_LENGTH[field],
    readOnly,
    ref: (element: Control | null) => {
      controls.current[field] = element;
    },
    onChange: (_event: unknown, { value }: { value?: string | number }) => {
      draft.set(field, String(value ?? ''));
      // A message already shown follows the typing, so it goes away as soon as the field is right.
      if (errors[field]) {
        const error = validateField(field, draft.values);
        setErrors(({ [field]: _old, ...others }) => (error ? { ...others, [field]: error } : others));
      }
    },
  });

  /** Every field checked at once; the first to fix is focused. Whether the draft can be sent. */
  const checkAll = () => {
    const found = validateMessage(draft.values);
    setErrors(found);
    const firstInvalid = MESSAGE_FIELDS.find((field) => found[field]);
    if (firstInvalid) controls.current[firstInvalid]?.focus();
    return !firstInvalid;
  };

  /** The visitor starts over: an empty draft, no messages, the focus in the first field. */
  const clear = () => {
    draft.clear();
    setErrors({});
    controls.current.name?.focus();
  };

  return { formId, idOf: (field: MessageField) => `${formId}-${field}`, errors, shown, bind, checkAll, clear };
}
