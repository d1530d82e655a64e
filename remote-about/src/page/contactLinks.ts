/**
 * Contact values come from the runtime config as text for people ("400-000-0000（演示号码）"); a phone can still
 * dial them and open the mail app. Nothing dialable or no address found: no link, the text stays.
 */
export function telHref(hotline: string): string | null {
  const digits = hotline.match(/\+?\d[\d\s-]{5,}\d/)?.[0].replace(/[\s-]/g, '');
  return digits ? `tel:${digits}` : null;
}

export function mailtoHref(email: string): string | null {
  const address = email.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/)?.[0];
  return address ? `mailto:${address}` : null;
}
