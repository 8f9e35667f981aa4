import type { OrderEventDto } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  addressBlock,
  carrierName,
  deliveredBy,
  documentLabel,
  formatDimensions,
  itemsSummary,
  leadTimeText,
  parametersLine,
  quantityLine,
  timelineOf,
  transitText,
} from './format';

function event(overrides: Partial<OrderEventDto> = {}): OrderEventDto {
  return {
    id: 'evt_1',
    object: 'order_event',
    created_at: '2025-07-14T09:30:00.000Z',
    from_status: null,
    to_status: 'awaiting_payment',
    action: 'place',
    actor: 'customer',
    actor_name: null,
    reason: null,
    data: {},
    ...overrides,
  };
}

describe('the timeline', () => {
  const events = [
    event({
      id: 'evt_3',
      created_at: '2025-07-16T10:00:00.000Z',
      from_status: 'packaging',
      to_status: 'shipped',
      action: 'ship',
      actor: 'operator',
      actor_name: 'ops@printloop.test',
      data: {
        carrier: 'royal_mail',
        tracking_number: 'AB123456789GB',
        tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      },
    }),
    event(),
    event({
      id: 'evt_2',
      created_at: '2025-07-15T08:00:00.000Z',
      from_status: 'awaiting_payment',
      to_status: 'queued',
      action: 'record_payment',
      actor: 'operator',
      data: { reference: 'BACS 4471', amount: 1234 },
    }),
    event({
      id: 'evt_4',
      created_at: '2025-07-17T08:00:00.000Z',
      from_status: 'shipped',
      to_status: 'delivered',
      action: 'deliver',
      actor: 'system',
    }),
  ];

  it('lists the events oldest first, with what happened, the status, who and the details', () => {
    const t = timelineOf(events, 'customer');
    expect(t.map((e) => e.title)).toEqual(['Order placed', 'Payment recorded', 'Shipped', 'Delivered']);
    expect(t.map((e) => e.statusLabel)).toEqual(['Awaiting payment', 'Queued', 'Shipped', 'Delivered']);
    expect(t.map((e) => e.who)).toEqual(['You', 'PrintLoop', 'PrintLoop', 'System']);
    expect(t[1]?.detail).toBe('Reference BACS 4471');
    expect(t[2]?.detail).toBe('Royal Mail, tracking number AB123456789GB');
    expect(t[2]?.trackingUrl).toContain('AB123456789GB');
    expect(t[0]?.detail).toBeNull();
  });

  it('names the operator and the customer for the operators', () => {
    const t = timelineOf(events, 'operator');
    expect(t[0]?.who).toBe('Customer');
    expect(t[2]?.who).toBe('PrintLoop (ops@printloop.test)');
  });

  it('shows a reason, and a status label for an action it does not know', () => {
    const [c] = timelineOf(
      [event({ action: 'cancel', to_status: 'cancelled', reason: 'Ordered twice' })],
      'customer',
    );
    expect(c).toMatchObject({ title: 'Order cancelled', detail: 'Ordered twice' });
    const [u] = timelineOf([event({ action: 'something_new', to_status: 'printing' })], 'customer');
    expect(u?.title).toBe('Printing');
  });
});

describe('formatting', () => {
  it('words delivery dates and lead times', () => {
    expect(deliveredBy('2025-07-15')).toBe('Delivered by Tuesday 15 July');
    expect(leadTimeText(3)).toBe('Ready to ship in 3 working days');
    expect(leadTimeText(1)).toBe('Ready to ship in 1 working day');
    expect(transitText({ min: 3, max: 5 })).toBe('3–5 working days in transit');
    expect(transitText({ min: 1, max: 1 })).toBe('1 working day in transit');
  });

  it('words items, dimensions, parameters and quantities', () => {
    expect(formatDimensions({ x: 20, y: 20.5, z: 12.25 })).toBe('20 × 20.5 × 12.25 mm');
    expect(
      parametersLine({
        material: 'PLA',
        color: null,
        layer_height: 0.2,
        infill: 20,
        print_speed: 60,
        supports: false,
        post_processing: ['sanding'],
        units: 'mm',
      }),
    ).toBe('PLA, 0.2 mm layers, 20% infill, 60 mm/s, no supports, sanding');
    expect(quantityLine({ quantity: 2, unit_amount: 410 })).toBe('2 × £4.10');
    expect(itemsSummary([{ file_name: 'cube.stl', quantity: 2 }])).toBe('cube.stl × 2');
    expect(
      itemsSummary([
        { file_name: 'cube.stl', quantity: 2 },
        { file_name: 'knob.obj', quantity: 1 },
      ]),
    ).toBe('cube.stl × 2 and 1 more item');
    expect(itemsSummary([])).toBe('No items');
  });

  it('names carriers, addresses and documents', () => {
    expect(carrierName('royal_mail')).toBe('Royal Mail');
    expect(carrierName(null)).toBeNull();
    expect(
      addressBlock({
        name: 'Priya Shah',
        street: '1 High Street',
        city: 'London',
        postal_code: 'SW1A 1AA',
        country: 'GB',
        phone: '+44 20 7946 0000',
        state: undefined,
        email: undefined,
      }),
    ).toEqual([
      'Priya Shah',
      '1 High Street',
      'London',
      'SW1A 1AA',
      'United Kingdom',
      'Phone: +44 20 7946 0000',
    ]);
    expect(
      documentLabel({
        kind: 'proforma',
        number: 'PRO-2025-000001',
        url: '/x',
        status: 'void',
        issued_at: '',
        due_date: null,
      }),
    ).toBe('Pro-forma invoice PRO-2025-000001 (void)');
  });
});
