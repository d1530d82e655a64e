import { useEffect, useState } from 'react';
import { takeTypedValue } from '@wenrun/shared';
import type { MessageDraft } from './MessageDraft';
import { MESSAGE_FIELDS } from './rules';

/**
 * Whether the form shows a draft from an earlier visit (said above the fields until it is sent or cleared). Once, at
 * the first render: a draft from an earlier visit is announced; what was typed before hydration wins. The typed text
 * is the element's own (by its id, `formId-field`): Semantic's controls hold no value of their own to read.
 */
export function useRestoredDraft(draft: MessageDraft, formId: string) {
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    setRestored(!draft.isEmpty);
    for (const field of MESSAGE_FIELDS) {
      const element = document.getElementById(`${formId}-${field}`) as HTMLInputElement | HTMLTextAreaElement | null;
      takeTypedValue(element, '', (typed) => draft.set(field, typed));
    }
  }, [draft, formId]);

  return { restored, forget: () => setRestored(false) };
}
