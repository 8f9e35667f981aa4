/**
 * The order lifecycle (API.md §2): one pure function owns every status change. Given the current
 * status, an action and who acts, it returns the next status or a typed refusal. Nothing else decides
 * a status; the server writes the change and its event together. Shared with the web app, which shows
 * only the actions the lifecycle allows.
 *
 *   awaiting_payment → queued → printing → packaging → shipped → delivered
 *   awaiting_payment | queued → cancelled
 */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'queued',
  'printing',
  'packaging',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = [
  'record_payment',
  'start_printing',
  'pack',
  'ship',
  'deliver',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Who acts: the customer (on the web or with an API key), an operator of the farm, or the system
 * (the production floor, the test-mode clock).
 */
export const ORDER_ACTORS = ['customer', 'operator', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export type TransitionRefusal =
  /** The actor may never take this action (a customer recording a payment): 403. */
  | { code: 'FORBIDDEN'; message: string }
  /** The action does not apply in this status (cancelling a shipped order): 409. */
  | { code: 'CONFLICT'; message: string };

export type TransitionResult = { ok: true; next: OrderStatus } | { ok: false; refusal: TransitionRefusal };

interface Rule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  actors: readonly OrderActor[];
}

const RULES: Record<OrderAction, Rule> = {
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

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  queued: 'Queued',
  printing: 'Printing',
  packaging: 'Packaging',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ACTION_LABELS: Record<OrderAction, string> = {
  record_payment: 'Record payment',
  start_printing: 'Start printing',
  pack: 'Packed',
  ship: 'Shipped',
  deliver: 'Delivered',
  cancel: 'Cancel order',
};

const ACTOR_NAMES: Record<OrderActor, string> = {
  customer: 'a customer',
  operator: 'an operator',
  system: 'the system',
};

function conflictMessage(status: OrderStatus, action: OrderAction): string {
  if (action === 'cancel') {
    if (status === 'cancelled') return 'This order is already cancelled.';
    return `This order can no longer be cancelled: it is ${STATUS_LABELS[status].toLowerCase()}. Orders can be cancelled until printing starts.`;
  }
  return `An order that is ${STATUS_LABELS[status].toLowerCase()} cannot be marked "${ACTION_LABELS[action]}".`;
}

/** The next status, or why not. Pure. */
export function transition(status: OrderStatus, action: OrderAction, actor: OrderActor): TransitionResult {
  const rule = RULES[action];
  if (!rule.actors.includes(actor)) {
    return {
      ok: false,
      refusal: {
        code: 'FORBIDDEN',
        message: `"${ACTION_LABELS[action]}" cannot be done by ${ACTOR_NAMES[actor]}.`,
      },
    };
  }
  if (!rule.from.includes(status)) {
    return { ok: false, refusal: { code: 'CONFLICT', message: conflictMessage(status, action) } };
  }
  return { ok: true, next: rule.to };
}

/** The actions `actor` may take on an order in `status` (for buttons). */
export function allowedActions(status: OrderStatus, actor: OrderActor): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => transition(status, a, actor).ok);
}

/** The status a new order starts in (API.md §2). */
export function initialStatus(livemode: boolean, terms: 'prepay' | 'net30'): OrderStatus {
  if (!livemode) return 'queued';
  return terms === 'net30' ? 'queued' : 'awaiting_payment';
}
