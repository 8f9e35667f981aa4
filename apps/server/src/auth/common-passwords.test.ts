import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('knows tens of thousands of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });
  it('refuses the most common passwords, whatever their case', () => {
    for (const p of [
      '123456',
      'password',
      'qwerty123',
      'letmein',
      'Password1',
      'PASSWORD',
      'iloveyou',
      'football',
    ])
      expect(isCommonPassword(p), p).toBe(true);
  });
  it('accepts passwords that are not on the list', () => {
    for (const p of ['print-it-1', 'correct-horse-1', 'Tq9#vL2!mZ', 'run-the-farm-1', 'old-password-1'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
