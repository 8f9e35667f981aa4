import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginPathFor,
  resumesCalculator,
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

describe('the return path after sign-up or sign-in', () => {
  it('keeps the calculator and its resume query', () => {
    expect(safeNextPath('/calculator?resume=1')).toBe('/calculator?resume=1');
    expect(safeNextPath(decodeURIComponent('%2Fcalculator%3Fresume%3D1'))).toBe('/calculator?resume=1');
    expect(resumesCalculator('/calculator?resume=1')).toBe(true);
    expect(resumesCalculator('/calculator')).toBe(true);
  });
  it('never leaves the site, whatever the encoding', () => {
    for (const bad of [
      'https://evil.example.com/calculator',
      '//evil.example.com/calculator?resume=1',
      '/\\evil.example.com',
      '\\/evil.example.com',
      ' /calculator',
      '/\n/evil.example.com',
      'data:text/html,hi',
      'javascript://%0aalert(1)',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeNextPath(bad), bad).toBe('/');
      expect(resumesCalculator(bad), bad).toBe(false);
    }
    // Encoded slashes stay inside the path: the browser goes to this site's /%2F%2Fevil.example.com.
    expect(safeNextPath('/%2F%2Fevil.example.com')).toBe('/%2F%2Fevil.example.com');
    expect(resumesCalculator('/calculatorx')).toBe(false);
    expect(resumesCalculator('/calculator/../orders')).toBe(false);
  });
});
