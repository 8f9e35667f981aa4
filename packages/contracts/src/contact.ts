import { z } from 'zod';

/** Maximum lengths of the contact form fields (characters, after trimming). */
export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

export const contactMessages = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name is too long (${contactLimits.name} characters at most)`,
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Your email address is too long (${contactLimits.email} characters at most)`,
  subjectRequired: 'Please enter a subject',
  subjectTooLong: `Your subject is too long (${contactLimits.subject} characters at most)`,
  messageRequired: 'Please enter a message',
  messageTooLong: `Your message is too long (${contactLimits.message} characters at most)`,
  controlCharacters: 'Please remove the control characters (such as NUL) from this field',
} as const;

/** Control characters other than tab and line breaks: no person types them, and PostgreSQL refuses NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A required, trimmed text field: the first failing rule is the only one reported. */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong, abort: true })
    .refine((v) => !CONTROL.test(v), { error: contactMessages.controlCharacters, abort: true });
}

/**
 * A message sent through the public contact form (POST /api/contact).
 * Shared by the browser (validation before sending) and the server (the authority).
 */
export const contactMessageSchema = z.object({
  name: requiredText(contactMessages.nameRequired, contactLimits.name, contactMessages.nameTooLong),
  email: requiredText(contactMessages.emailRequired, contactLimits.email, contactMessages.emailTooLong).pipe(
    z.email({ error: contactMessages.emailInvalid }),
  ),
  subject: requiredText(
    contactMessages.subjectRequired,
    contactLimits.subject,
    contactMessages.subjectTooLong,
  ),
  message: requiredText(
    contactMessages.messageRequired,
    contactLimits.message,
    contactMessages.messageTooLong,
  ),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;
export const contactFields = [
  'name',
  'email',
  'subject',
  'message',
] as const satisfies readonly ContactField[];

/** Successful response of POST /api/contact (status 201). */
export interface ContactCreatedResponse {
  id: string;
}

/** Error body of the API: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

/**
 * Validates a contact message. On failure returns one message per field (the first
 * rule that field breaks), keyed by field name, as in the 400 response's `fields`.
 */
export function validateContactMessage(
  input: unknown,
):
  | { success: true; data: ContactMessage }
  | { success: false; fields: Partial<Record<ContactField, string>> } {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fields: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (contactFields as readonly string[]).includes(key)) {
      const field = key as ContactField;
      if (fields[field] === undefined) fields[field] = issue.message;
    }
  }
  return { success: false, fields };
}
