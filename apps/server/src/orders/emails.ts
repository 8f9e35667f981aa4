import { addressLines, type OrderStatus, type ShippingAddress, STATUS_LABELS } from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../mail/mailer.js';
import {
  describeParameters,
  type InvoiceRow,
  type LineParameters,
  type OrderItemRow,
  type OrderRow,
} from './orders.js';

/**
 * The emails of an order's life: received, payment recorded, shipped (carrier, tracking number and
 * link) and delivered. Plain text, every figure taken from the stored order (so they agree with it and
 * its invoice to the penny). Sent after the change is committed; a failed send is logged, never undone.
 */

const fmtDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

function link(app: FastifyInstance, order: OrderRow) {
  return `${app.config.publicUrl}/orders/${order.id}`;
}

function itemLines(items: OrderItemRow[]): string[] {
  return items.map(
    (i) =>
      `- ${i.quantity} × ${i.fileName} (${describeParameters(i.parameters as LineParameters)}): ${formatGBP(i.subtotalAmount)}`,
  );
}

function totalsLines(o: OrderRow): string[] {
  const tax = o.tax as { label: string; note?: string };
  return [
    `Items: ${formatGBP(o.itemsAmount)}`,
    ...(o.discountAmount > 0 ? [`Volume discount: −${formatGBP(o.discountAmount)}`] : []),
    `Fulfilment: ${formatGBP(o.fulfillmentAmount)}`,
    `Shipping: ${formatGBP(o.shippingAmount)}`,
    `${tax.label}: ${formatGBP(o.taxAmount)}`,
    `Total: ${formatGBP(o.totalAmount)}`,
    ...(tax.note ? [tax.note] : []),
  ];
}

export function orderReceivedEmail(
  app: FastifyInstance,
  order: OrderRow,
  items: OrderItemRow[],
  docs: InvoiceRow[],
): Omit<MailMessage, 'to'> {
  const address = order.shippingAddress as ShippingAddress;
  const proforma = docs.find((d) => d.kind === 'proforma');
  const invoice = docs.find((d) => d.kind === 'invoice');
  const bank = app.config.bank;
  const payment =
    order.status === 'awaiting_payment'
      ? [
          `Your order will be printed as soon as we receive your payment of ${formatGBP(order.totalAmount)} by bank transfer.`,
          ...(proforma
            ? [`Pro-forma invoice: ${proforma.number} (please use it as the payment reference).`]
            : []),
          ...(bank
            ? [
                `Account name: ${bank.accountName}`,
                ...(bank.sortCode ? [`Sort code: ${bank.sortCode}`] : []),
                ...(bank.accountNumber ? [`Account number: ${bank.accountNumber}`] : []),
                ...(bank.iban ? [`IBAN: ${bank.iban}`] : []),
                ...(bank.bic ? [`BIC: ${bank.bic}`] : []),
              ]
            : []),
        ]
      : [
          'Your order is in the production queue.',
          ...(invoice
            ? [`Invoice ${invoice.number}, payable within 30 days (due ${fmtDate(invoice.dueDate ?? '')}).`]
            : []),
        ];
  return {
    subject: `Order ${order.id} received`,
    text: [
      'Hello,',
      '',
      `Thank you for your order ${order.id}.`,
      '',
      ...itemLines(items),
      '',
      ...totalsLines(order),
      '',
      ...payment,
      '',
      `Estimated delivery: ${fmtDate(order.estimatedDelivery)}`,
      'Delivery to:',
      address.name,
      ...addressLines(address),
      '',
      `Follow your order: ${link(app, order)}`,
      '',
      app.config.company.name,
    ].join('\n'),
  };
}

export function paymentRecordedEmail(
  app: FastifyInstance,
  order: OrderRow,
  invoice: InvoiceRow | undefined,
): Omit<MailMessage, 'to'> {
  return {
    subject: `Payment received for order ${order.id}`,
    text: [
      'Hello,',
      '',
      `We have received your payment of ${formatGBP(order.totalAmount)} for order ${order.id}. It is now in the production queue.`,
      ...(invoice ? ['', `Your invoice ${invoice.number} is attached to your order page.`] : []),
      '',
      `Estimated delivery: ${fmtDate(order.estimatedDelivery)}`,
      `Follow your order: ${link(app, order)}`,
      '',
      app.config.company.name,
    ].join('\n'),
  };
}

export function shippedEmail(app: FastifyInstance, order: OrderRow): Omit<MailMessage, 'to'> {
  const shipping = order.shipping as { carrier_name: string };
  return {
    subject: `Order ${order.id} has shipped`,
    text: [
      'Hello,',
      '',
      `Your order ${order.id} is on its way with ${shipping.carrier_name}.`,
      '',
      `Carrier: ${shipping.carrier_name}`,
      `Tracking number: ${order.trackingNumber ?? ''}`,
      `Track it: ${order.trackingUrl ?? ''}`,
      '',
      `Estimated delivery: ${fmtDate(order.estimatedDelivery)}`,
      `Your order: ${link(app, order)}`,
      '',
      app.config.company.name,
    ].join('\n'),
  };
}

export function deliveredEmail(app: FastifyInstance, order: OrderRow): Omit<MailMessage, 'to'> {
  return {
    subject: `Order ${order.id} has been delivered`,
    text: [
      'Hello,',
      '',
      `Your order ${order.id} has been delivered. We hope your parts are just as you wanted them.`,
      '',
      `Your order: ${link(app, order)}`,
      '',
      app.config.company.name,
    ].join('\n'),
  };
}

export function cancelledEmail(
  app: FastifyInstance,
  order: OrderRow,
  reason: string | null,
): Omit<MailMessage, 'to'> {
  return {
    subject: `Order ${order.id} cancelled`,
    text: [
      'Hello,',
      '',
      `Your order ${order.id} has been cancelled.${reason ? ` Reason: ${reason}` : ''}`,
      '',
      `Status: ${STATUS_LABELS[order.status as OrderStatus]}`,
      `Your order: ${link(app, order)}`,
      '',
      app.config.company.name,
    ].join('\n'),
  };
}

/** Send, in the background: a failure is logged with the order, never thrown at the customer. */
export function sendOrderEmail(
  app: FastifyInstance,
  to: string,
  order: OrderRow,
  message: Omit<MailMessage, 'to'>,
) {
  void app.mailer
    .send({ to, ...message })
    .catch((err: unknown) => app.log.warn({ err, order: order.id }, 'order email not sent'));
}
