import { assetUrl } from '@wenrun/shared';

/**
 * Addresses that come with the data are checked before they reach an attribute: an image only from http(s), a
 * phone link only when the text holds a number to dial.
 */
export function imageUrl(path: string): string | null {
  if (!path.trim()) return null;
  const url = assetUrl(path);
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The first number in the text, to dial: `400-000-0000（演示号码）` → `tel:4000000000`. Separators, notes and an
 * extension after it (`转 8`) are not part of what the phone dials.
 */
export function telHref(phone: string): string | null {
  const number = /\+?\d[\d\s()-]{2,}\d/.exec(phone)?.[0].replace(/[\s()-]/g, '');
  return number ? `tel:${number}` : null;
}
