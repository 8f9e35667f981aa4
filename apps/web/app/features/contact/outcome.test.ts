import { describe, expect, it } from 'vitest';
import { contactOutcome, contactTexts } from './outcome';

describe('contactOutcome', () => {
  it('treats 201 as sent and keeps the id', () => {
    expect(contactOutcome(201, { id: 'msg_123' })).toEqual({ kind: 'sent', id: 'msg_123' });
  });

  it('treats 201 with an unreadable body as sent (the message was stored)', () => {
    expect(contactOutcome(201, null)).toEqual({ kind: 'sent', id: null });
  });

  it('shows the per-field messages of a 400 VALIDATION_ERROR, ignoring unknown fields', () => {
    const body = {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Some fields are invalid',
        fields: {
          email: 'Please enter a valid email address',
          message: 'Please enter a message',
          other: 'x',
        },
      },
    };
    expect(contactOutcome(400, body)).toEqual({
      kind: 'invalid',
      fields: { email: 'Please enter a valid email address', message: 'Please enter a message' },
      message: null,
    });
  });

  it('falls back to the error message of a 400 that names no known field', () => {
    const body = { error: { code: 'VALIDATION_ERROR', message: 'Body must be JSON' } };
    expect(contactOutcome(400, body)).toEqual({ kind: 'invalid', fields: {}, message: 'Body must be JSON' });
  });

  it('shows the rate-limit text for 429', () => {
    expect(contactOutcome(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } })).toEqual({
      kind: 'error',
      message: 'Too many messages from your network. Please try again in a few minutes.',
    });
  });

  it.each([
    [400, 'not json'],
    [404, null],
    [500, { error: { code: 'INTERNAL', message: 'boom' } }],
    [503, null],
  ])('shows the generic failure for status %i', (status, body) => {
    expect(contactOutcome(status, body)).toEqual({ kind: 'error', message: contactTexts.failed });
  });
});
