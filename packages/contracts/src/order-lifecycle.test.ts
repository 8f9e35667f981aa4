import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  initialStatus,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderActor,
  type OrderStatus,
  transition,
} from './order-lifecycle.js';

/**
 * Every (status, action, actor) triple, against a table written out by hand from API.md §2: the
 * allowed moves, and for the rest whether it is the actor (403) or the status (409) that refuses.
 */
const ALLOWED: Record<OrderAction, { from: OrderStatus[]; to: OrderStatus; actors: OrderActor[] }> = {
  record_payment: { from: ['awaiting_payment'], to: 'queued', actors: ['operator'] },
  start_printing: { from: ['queued'], to: 'printing', actors: ['operator', 'system'] },
  pack: { from: ['printing'], to: 'packaging', actors: ['operator', 'system'] },
  ship: { from: ['packaging'], to: 'shipped', actors: ['operator', 'system'] },
  deliver: { from: ['shipped'], to: 'delivered', actors: ['operator', 'system'] },
  cancel: {
    from: ['awaiting_payment', 'queued'],
    to: 'cancelled',
    actors: ['customer', 'operator', 'system'],
  },
};

const cases = ORDER_STATUSES.flatMap((s) =>
  ORDER_ACTIONS.flatMap((a) => ORDER_ACTORS.map((actor) => [s, a, actor] as const)),
);

describe('the order lifecycle', () => {
  it('covers all 126 (status, action, actor) triples', () => {
    expect(cases).toHaveLength(7 * 6 * 3);
  });

  it.each(cases)('%s + %s by %s', (status, action, actor) => {
    const rule = ALLOWED[action];
    const r = transition(status, action, actor);
    if (!rule.actors.includes(actor)) {
      expect(r).toMatchObject({ ok: false, refusal: { code: 'FORBIDDEN' } });
    } else if (!rule.from.includes(status)) {
      expect(r).toMatchObject({ ok: false, refusal: { code: 'CONFLICT' } });
    } else {
      expect(r).toEqual({ ok: true, next: rule.to });
    }
  });

  it('says plainly why a late cancellation is refused', () => {
    const r = transition('printing', 'cancel', 'customer');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.refusal.message).toBe(
        'This order can no longer be cancelled: it is printing. Orders can be cancelled until printing starts.',
      );
  });

  it('lists the actions open to each actor', () => {
    expect(allowedActions('awaiting_payment', 'customer')).toEqual(['cancel']);
    expect(allowedActions('awaiting_payment', 'operator')).toEqual(['record_payment', 'cancel']);
    expect(allowedActions('printing', 'customer')).toEqual([]);
    expect(allowedActions('delivered', 'operator')).toEqual([]);
  });

  it('starts live orders on invoice terms queued, others awaiting payment, test orders queued', () => {
    expect(initialStatus(true, 'net30')).toBe('queued');
    expect(initialStatus(true, 'prepay')).toBe('awaiting_payment');
    expect(initialStatus(false, 'prepay')).toBe('queued');
  });
});
