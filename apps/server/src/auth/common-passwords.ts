/**
 * The most common passwords, refused at sign-up and at every password change: the ~49,000 passwords of
 * zxcvbn-ts's common list (`@zxcvbn-ts/language-common`, maintained, offline: nothing is sent anywhere).
 * Loaded once, on the first check, into a Set (a few MB); the comparison ignores case.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords and easy to guess. Please choose another.';

let list: Set<string> | null = null;

function commonPasswords(): Set<string> {
  list ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return list;
}

/** True when the password (any case) is on the common list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (for the tests). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
