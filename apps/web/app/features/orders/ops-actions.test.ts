import { describe, expect, it } from 'vitest';
import { ACTION_MESSAGES, actionRequest, EMPTY_ACTION_INPUT } from './ops-actions';

describe('the operators’ action forms', () => {
  it('needs a carrier and a tracking number to ship', () => {
    expect(actionRequest('ship', EMPTY_ACTION_INPUT)).toEqual({
      ok: false,
      errors: { carrier: ACTION_MESSAGES.carrierRequired, tracking_number: ACTION_MESSAGES.trackingRequired },
    });
    expect(
      actionRequest('ship', { ...EMPTY_ACTION_INPUT, carrier: 'hermes', tracking_number: 'AB1' }),
    ).toEqual({
      ok: false,
      errors: { carrier: ACTION_MESSAGES.carrierRequired },
    });
    expect(
      actionRequest('ship', {
        ...EMPTY_ACTION_INPUT,
        carrier: 'royal_mail',
        tracking_number: ' AB123456789GB ',
      }),
    ).toEqual({
      ok: true,
      request: { action: 'ship', carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
    });
  });

  it('needs a reason to cancel; the payment reference is optional', () => {
    expect(actionRequest('cancel', EMPTY_ACTION_INPUT)).toEqual({
      ok: false,
      errors: { reason: ACTION_MESSAGES.reasonRequired },
    });
    expect(actionRequest('record_payment', EMPTY_ACTION_INPUT)).toEqual({
      ok: true,
      request: { action: 'record_payment' },
    });
    expect(actionRequest('record_payment', { ...EMPTY_ACTION_INPUT, reference: 'BACS 1' })).toEqual({
      ok: true,
      request: { action: 'record_payment', reference: 'BACS 1' },
    });
    // Fields of other actions are not sent.
    expect(actionRequest('pack', { ...EMPTY_ACTION_INPUT, reason: 'x', carrier: 'dpd' })).toEqual({
      ok: true,
      request: { action: 'pack' },
    });
  });
});
