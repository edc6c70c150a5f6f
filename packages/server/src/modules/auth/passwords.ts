import { hash, verify } from '@node-rs/argon2';
import { withPasswordSlot } from './password-work.js';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, so named here by value). */
const ARGON2ID = 2;

/** OWASP's argon2id parameters (docs/product.md §Passwords): m=19456 KiB, t=2, p=1. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return withPasswordSlot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withPasswordSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same work as a real check when the user does not exist, so the
 * answer's timing does not reveal which usernames are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches anything');
  await verifyPassword(await dummyHash, password);
  return false;
}
