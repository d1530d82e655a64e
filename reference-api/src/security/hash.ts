import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Node's defaults (N=2^14, r=8, p=1): ~16 MB and a few tens of ms per hash, enough for a demo server on 2 cores.
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key` (base64): the parameters travel with the hash so they can be raised later. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that "no such account" costs as much time as "wrong password" and the
 * reply time does not tell which mobiles exist.
 */
export async function verifyAgainstDecoy(secret: string): Promise<false> {
  decoy ??= hashSecret(randomBytes(16).toString('hex'));
  await verifySecret(secret, await decoy);
  return false;
}

/** Session tokens: 256 random bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token has full entropy, so a fast hash is enough: the table alone does not let anyone log in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
