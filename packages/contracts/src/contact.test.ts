import { describe, expect, it } from 'vitest';
import { contactLimits, contactMessageSchema, validateContactMessage } from './contact.js';

const good = {
  name: 'Ada Lovelace',
  email: 'ada@example.co.uk',
  subject: 'Bulk order of PETG brackets',
  message: 'Hello, we would like a quote for 500 brackets in black PETG.',
};

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims the fields', () => {
    const result = validateContactMessage({
      ...good,
      name: '  Ada Lovelace  ',
      email: ' ada@example.co.uk ',
    });
    expect(result).toEqual({ success: true, data: good });
  });

  it('accepts every field at exactly its maximum length', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.uk`;
    const email = `${local}@${domain}`;
    expect(email.length).toBe(contactLimits.email);
    const result = contactMessageSchema.safeParse({
      name: 'n'.repeat(100),
      email,
      subject: 's'.repeat(150),
      message: 'm'.repeat(5000),
    });
    expect(result.success).toBe(true);
  });

  it.each([
    ['name', 'Please enter your name'],
    ['email', 'Please enter your email address'],
    ['subject', 'Please enter a subject'],
    ['message', 'Please enter a message'],
  ] as const)('reports a missing %s with its own message only', (field, message) => {
    const omitted: Record<string, string> = { ...good };
    delete omitted[field];
    expect(validateContactMessage(omitted)).toEqual({ success: false, fields: { [field]: message } });
    // Empty and whitespace-only values count as missing too.
    expect(validateContactMessage({ ...good, [field]: '   ' })).toEqual({
      success: false,
      fields: { [field]: message },
    });
  });

  it('reports every missing field at once', () => {
    const result = validateContactMessage({});
    expect(result).toEqual({
      success: false,
      fields: {
        name: 'Please enter your name',
        email: 'Please enter your email address',
        subject: 'Please enter a subject',
        message: 'Please enter a message',
      },
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@example.com'])(
    'rejects the email %j',
    (email) => {
      expect(validateContactMessage({ ...good, email })).toEqual({
        success: false,
        fields: { email: 'Please enter a valid email address' },
      });
    },
  );

  it('rejects a message of 5001 characters', () => {
    expect(validateContactMessage({ ...good, message: 'm'.repeat(5001) })).toEqual({
      success: false,
      fields: { message: 'Your message is too long (5000 characters at most)' },
    });
  });

  it('rejects a name, subject and email over their limits', () => {
    const result = validateContactMessage({
      ...good,
      name: 'n'.repeat(101),
      subject: 's'.repeat(151),
      email: `${'a'.repeat(250)}@x.uk`,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fields.name).toBe('Your name is too long (100 characters at most)');
    expect(result.fields.subject).toBe('Your subject is too long (150 characters at most)');
    expect(result.fields.email).toBe('Your email address is too long (254 characters at most)');
    expect(result.fields.message).toBeUndefined();
  });

  it('rejects non-string values as missing', () => {
    const result = validateContactMessage({ ...good, name: 42 });
    expect(result).toEqual({ success: false, fields: { name: 'Please enter your name' } });
  });
});
