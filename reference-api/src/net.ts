/** A dual-stack listener reports IPv4 clients as ::ffff:a.b.c.d; one client should be one key either way. */
export function clientIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

export function isLoopback(ip: string): boolean {
  const address = clientIp(ip);
  return address === '::1' || address.startsWith('127.');
}
