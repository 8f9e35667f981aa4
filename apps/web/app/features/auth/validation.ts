/** Client-side rules of the account forms (SPEC.md section 5) and the post-login redirect. */

export const AUTH_MESSAGES = {
  bothRequired: 'Please enter both email and password',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters',
  emailRequired: 'Please enter your email address',
  newPasswordRequired: 'Please enter and confirm your new password',
  loginFailed: 'An error occurred during login',
  signupFailed: 'An error occurred during signup',
  generic: 'An error occurred',
} as const;

export const MIN_PASSWORD_LENGTH = 6;

/** Which field an error belongs to (for aria-describedby / aria-invalid and focus). */
export type AuthField = 'email' | 'password' | 'confirm';

export interface FormIssue {
  message: string;
  fields: AuthField[];
}

export function validateLogin(email: string, password: string): FormIssue | null {
  if (!email.trim() || !password) {
    const fields: AuthField[] = [];
    if (!email.trim()) fields.push('email');
    if (!password) fields.push('password');
    return { message: AUTH_MESSAGES.bothRequired, fields };
  }
  return null;
}

/** Signup and reset share the password rules; `requireEmail` is false for the reset form. */
export function validateNewPassword(
  email: string | null,
  password: string,
  confirm: string,
): FormIssue | null {
  if (email !== null) {
    const login = validateLogin(email, password);
    if (login) return login;
  } else if (!password) {
    return { message: AUTH_MESSAGES.newPasswordRequired, fields: ['password'] };
  }
  if (password !== confirm) return { message: AUTH_MESSAGES.mismatch, fields: ['confirm'] };
  if (password.length < MIN_PASSWORD_LENGTH) return { message: AUTH_MESSAGES.tooShort, fields: ['password'] };
  return null;
}

export function validateEmailOnly(email: string): FormIssue | null {
  return email.trim() ? null : { message: AUTH_MESSAGES.emailRequired, fields: ['email'] };
}

/**
 * The `?next=` target after signing in: only a same-origin path that starts with a single '/'
 * (no '//' or '/\\' protocol-relative tricks, no control characters). Anything else -> '/'.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2048) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  try {
    const url = new URL(next, 'http://printloop.invalid');
    if (url.origin !== 'http://printloop.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

/** True when `next` sends the user back to the calculator (where their model is kept). */
export function resumesCalculator(next: string | null | undefined): boolean {
  const path = safeNextPath(next);
  return path === '/calculator' || path.startsWith('/calculator?');
}
