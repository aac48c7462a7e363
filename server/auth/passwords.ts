import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id is @node-rs/argon2's default algorithm; its default cost (19 MiB, 2 passes) is the
// OWASP minimum recommendation and takes tens of milliseconds here.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash can never match
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of nothing in particular, so a login for an unknown username costs as
 * long as one with a wrong password and timing tells nothing about which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A password people can type: 20 characters from a 56-letter alphabet without look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
