import { action, computed, makeObservable, observable, persistStore } from '@wenrun/shared/stores';
import { maxLength, object, string } from 'zod/mini';
import { MESSAGE_DRAFT_ID } from '@wenrun/shared';
import type { MessageField, MessageValues } from './rules';

/**
 * Caps on what a draft may hold, far above the form's limits so that an over-long text is still kept (and shown
 * with its error) rather than cut; the inputs stop at the same caps, so a saved draft always fits the schema.
 */
export const DRAFT_MAX_LENGTH: Record<MessageField, number> = { name: 200, phone: 50, message: 5000 };

export const messageDraftSchema = object({
  name: string().check(maxLength(DRAFT_MAX_LENGTH.name)),
  phone: string().check(maxLength(DRAFT_MAX_LENGTH.phone)),
  message: string().check(maxLength(DRAFT_MAX_LENGTH.message)),
});

const EMPTY: MessageValues = { name: '', phone: '', message: '' };

/** What the visitor has typed into the cooperation form and not yet sent. */
export class MessageDraft implements MessageValues {
  name = '';
  phone = '';
  message = '';

  constructor() {
    makeObservable(this, {
      name: observable,
      phone: observable,
      message: observable,
      values: computed,
      isEmpty: computed,
      set: action,
      restore: action,
    });
  }

  get values(): MessageValues {
    return { name: this.name, phone: this.phone, message: this.message };
  }

  get isEmpty(): boolean {
    return this.name.trim() === '' && this.phone.trim() === '' && this.message.trim() === '';
  }

  set(field: MessageField, value: string): void {
    this[field] = value;
  }

  /** Puts a saved draft back, or empties the form (`null`). */
  restore(values: MessageValues | null): void {
    Object.assign(this, values ?? EMPTY);
  }

  clear(): void {
    this.restore(null);
  }
}

/** Saves the draft to session storage on every change and restores it now: it survives a reload until sent. */
export function persistMessageDraft(draft: MessageDraft): () => void {
  return persistStore({
    id: MESSAGE_DRAFT_ID,
    schema: messageDraftSchema,
    snapshot: () => draft.values,
    restore: (values) => draft.restore(values),
  });
}

/**
 * One draft for the page, kept for the page's lifetime: a reply that arrives after the visitor has left the
 * section still clears what was sent.
 */
export const messageDraft = new MessageDraft();

if (typeof window !== 'undefined') persistMessageDraft(messageDraft);
