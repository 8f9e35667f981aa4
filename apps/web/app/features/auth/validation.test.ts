import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginPathFor,
  safeNextPath,
  validateEmailOnly,
  validateLogin,
  validateNewPassword,
} from './validation';

describe('validateLogin', () => {
  it('requires both fields and names the missing ones', () => {
    expect(validateLogin('', 'secret')).toEqual({ message: AUTH_MESSAGES.bothRequired, fields: ['email'] });
    expect(validateLogin('a@b.c', '')).toEqual({ message: AUTH_MESSAGES.bothRequired, fields: ['password'] });
    expect(validateLogin('  ', '')?.fields).toEqual(['email', 'password']);
    expect(validateLogin('a@b.c', 'x')).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('applies the signup rules in the specified order', () => {
    expect(validateNewPassword('', 'abcdef', 'abcdef')?.message).toBe('Please enter both email and password');
    expect(validateNewPassword('a@b.c', 'abcdef', 'abcdeg')?.message).toBe('Passwords do not match');
    expect(validateNewPassword('a@b.c', 'abc', 'abc')?.message).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateNewPassword('a@b.c', 'abcdef', 'abcdef')).toBeNull();
  });
  it('skips the email for the reset form', () => {
    expect(validateNewPassword(null, '', '')?.fields).toEqual(['password']);
    expect(validateNewPassword(null, 'abcde', 'abcde')?.message).toBe(AUTH_MESSAGES.tooShort);
    expect(validateNewPassword(null, 'abcdefg', 'abcdefh')?.fields).toEqual(['confirm']);
    expect(validateNewPassword(null, 'abcdefg', 'abcdefg')).toBeNull();
  });
});

describe('validateEmailOnly', () => {
  it('requires an email', () => {
    expect(validateEmailOnly(' ')?.message).toBe('Please enter your email address');
    expect(validateEmailOnly('a@b.c')).toBeNull();
  });
});

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNextPath('/calculator')).toBe('/calculator');
    expect(safeNextPath('/calculator?x=1#top')).toBe('/calculator?x=1#top');
  });
  it('rejects anything that could leave the site', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'calculator',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://evil.example.com/',
      'javascript:alert(1)',
      '/\t/evil.example.com',
      '/a\\b',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
  it('builds the login link with an encoded next', () => {
    expect(loginPathFor('/calculator')).toBe('/login?next=/calculator');
    expect(loginPathFor('/a?b=1&c')).toBe('/login?next=/a%3Fb%3D1%26c');
  });
});
