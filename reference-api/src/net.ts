/** A dual-stack listener reports IPv4 clients as ::ffff:a.b.c.d; one client should be one key either way. */
export function clientIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

export function isLoopback(ip: string): boolean {
  const address = clientIp(ip);
  return address === '::1' || address.startsWith('127.');
}

/**
 * The client as the threat model counts them (deploy/ops/release/README.md): an IPv4 address, or an IPv6 /64, the
 * block one subscriber is given, so that one client cannot be many by walking its own addresses.
 */
export function clientKey(ip: string): string {
  const address = clientIp(ip).split('%')[0] ?? '';
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = [...before, ...Array<string>(tail === undefined ? 0 : Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client a request comes from, as every per-visitor budget of the API counts it (the rate limit, codes,
 * messages, failed logins, hashing, field data): `clientKey` of the address Fastify resolved (`trustProxy`).
 */
export function clientOf(request: { ip: string }): string {
  return clientKey(request.ip);
}
