import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, queryString, toApiError } from './api-client';

describe('toApiError', () => {
  it("reads Better Auth's { code, message }", () => {
    const e = toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(e).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(e.fromServer).toBe(true);
  });
  it("reads the app API's { error: { code, message, fields } }", () => {
    const e = toApiError(400, {
      error: { code: 'VALIDATION', message: 'Bad input', fields: { quantity: 'Too many', bad: 3 } },
    });
    expect(e).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Bad input' });
    expect(e.fields).toEqual({ quantity: 'Too many' });
  });
  it('falls back when the body has no message', () => {
    for (const body of [null, 'Bad Gateway', {}, { error: {} }, { message: '' }]) {
      const e = toApiError(502, body);
      expect(e.fromServer).toBe(false);
      expect(e.code).toBe('HTTP_502');
    }
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the screen's fallback", () => {
    expect(
      errorMessage(toApiError(409, { message: 'An account with this email already exists.' }), 'X'),
    ).toBe('An account with this email already exists.');
    expect(
      errorMessage(new ApiError(0, 'NETWORK', 'The server could not be reached.'), 'An error occurred'),
    ).toBe('An error occurred');
    expect(errorMessage(new Error('boom'), 'An error occurred during login')).toBe(
      'An error occurred during login',
    );
  });
});

describe('queryString', () => {
  it('keeps the defined, non-empty values, encoded', () => {
    expect(queryString({ status: 'queued', limit: 20, starting_after: undefined, q: '' })).toBe(
      '?status=queued&limit=20',
    );
    expect(queryString({ email: 'a+b@example.com' })).toBe('?email=a%2Bb%40example.com');
    expect(queryString({})).toBe('');
  });
});
