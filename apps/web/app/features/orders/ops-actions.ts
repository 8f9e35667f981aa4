/**
 * The operators' action forms as data: what each action asks for, and what must be there before
 * sending. The form of each value (a tracking number's characters, lengths) is checked by the server
 * with the shared `orderActionRequestSchema`, whose per-field messages the form shows: importing that
 * module's schemas here would put all of them, and more of zod, in the bundle the public pages share.
 */
import type { OrderAction, OrderActionRequest } from '@printloop/contracts';
import { CARRIERS } from '@printloop/quote';

export interface ActionInput {
  carrier: string;
  tracking_number: string;
  reason: string;
  reference: string;
}

export const EMPTY_ACTION_INPUT: ActionInput = {
  carrier: '',
  tracking_number: '',
  reason: '',
  reference: '',
};

export const ACTION_MESSAGES = {
  carrierRequired: 'Please choose the carrier',
  trackingRequired: 'Please enter the tracking number',
  reasonRequired: 'Please give the reason for cancelling',
} as const;

/** What the action's form shows besides its button. */
export const ACTION_FIELDS: Record<OrderAction, readonly (keyof ActionInput)[]> = {
  record_payment: ['reference'],
  start_printing: [],
  pack: [],
  ship: ['carrier', 'tracking_number'],
  deliver: [],
  cancel: ['reason'],
};

export type ActionCheck =
  | { ok: true; request: OrderActionRequest }
  | { ok: false; errors: Partial<Record<keyof ActionInput, string>> };

/** The request for `action` from the form's input, or the problems per field. */
export function actionRequest(action: OrderAction, input: ActionInput): ActionCheck {
  const errors: Partial<Record<keyof ActionInput, string>> = {};
  const req: Record<string, string> = { action };
  if (action === 'ship') {
    if (!Object.hasOwn(CARRIERS, input.carrier)) errors.carrier = ACTION_MESSAGES.carrierRequired;
    else req.carrier = input.carrier;
    if (!input.tracking_number.trim()) errors.tracking_number = ACTION_MESSAGES.trackingRequired;
    else req.tracking_number = input.tracking_number.trim();
  }
  if (action === 'cancel') {
    if (!input.reason.trim()) errors.reason = ACTION_MESSAGES.reasonRequired;
    else req.reason = input.reason.trim();
  }
  if (action === 'record_payment' && input.reference.trim()) req.reference = input.reference.trim();
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: req as OrderActionRequest };
}
