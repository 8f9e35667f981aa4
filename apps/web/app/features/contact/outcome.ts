import { type ApiErrorBody, type ContactField, contactFields } from '@printloop/contracts';

export const contactTexts = {
  sent: 'Thank you — your message has been sent. We reply within one business day.',
  rateLimited: 'Too many messages from your network. Please try again in a few minutes.',
  failed: 'Sorry, your message could not be sent. Please try again.',
} as const;

export type FieldErrors = Partial<Record<ContactField, string>>;

/** What the form shows after POST /api/contact answered. */
export type ContactOutcome =
  | { kind: 'sent'; id: string | null }
  | { kind: 'invalid'; fields: FieldErrors; message: string | null }
  | { kind: 'error'; message: string };

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Only known fields with non-empty string messages are taken from a 400 response. */
function pickFieldErrors(fields: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (typeof fields !== 'object' || fields === null) return out;
  for (const f of contactFields) {
    const msg = (fields as Record<string, unknown>)[f];
    if (typeof msg === 'string' && msg.length > 0) out[f] = msg;
  }
  return out;
}

/**
 * Maps the contact endpoint's answer to what the form shows:
 * 201 `{ id }` → sent; 400 VALIDATION_ERROR → per-field messages (or its message if it names no
 * known field); 429 → the rate-limit text; anything else → the generic failure text.
 */
export function contactOutcome(status: number, body: unknown): ContactOutcome {
  if (status === 201) {
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    // 201 means the message was stored, even if the body could not be read.
    return { kind: 'sent', id: typeof id === 'string' ? id : null };
  }
  if (status === 429) return { kind: 'error', message: contactTexts.rateLimited };
  if (status === 400 && isApiErrorBody(body)) {
    const fields = pickFieldErrors(body.error.fields);
    return { kind: 'invalid', fields, message: Object.keys(fields).length > 0 ? null : body.error.message };
  }
  return { kind: 'error', message: contactTexts.failed };
}
