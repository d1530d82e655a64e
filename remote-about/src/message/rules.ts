import { MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX, MESSAGES, validateMobile, type FieldError } from '@wenrun/shared';

export type MessageField = 'name' | 'phone' | 'message';

/** In the order they appear on the form: the first one with an error takes the focus. */
export const MESSAGE_FIELDS: readonly MessageField[] = ['name', 'phone', 'message'];

export type MessageValues = Record<MessageField, string>;
export type MessageErrors = Partial<Record<MessageField, string>>;

/** Characters as a visitor counts them (an emoji or a rare character is one), the way the server counts them. */
export function countChars(text: string): number {
  return [...text].length;
}

function validateText(value: string, max: number, required: string, tooLong: string): FieldError {
  const trimmed = value.trim();
  if (trimmed === '') return required;
  return countChars(trimmed) > max ? tooLong : null;
}

export function validateField(field: MessageField, values: MessageValues): FieldError {
  switch (field) {
    case 'name':
      return validateText(values.name, MESSAGE_NAME_MAX, MESSAGES.nameRequired, MESSAGES.nameTooLong);
    case 'phone':
      return validateMobile(values.phone);
    case 'message':
      return validateText(values.message, MESSAGE_CONTENT_MAX, MESSAGES.messageRequired, MESSAGES.messageTooLong);
  }
}

export function validateMessage(values: MessageValues): MessageErrors {
  const errors: MessageErrors = {};
  for (const field of MESSAGE_FIELDS) {
    const error = validateField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What goes to the API: the values as checked, without the spaces around them. */
export function messagePayload(values: MessageValues): MessageValues {
  return { name: values.name.trim(), phone: values.phone.trim(), message: values.message.trim() };
}
