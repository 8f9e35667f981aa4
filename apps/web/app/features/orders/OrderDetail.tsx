import type { OrderDto } from '@printloop/contracts';
import type { ReactNode } from 'react';
import { PageHeader, Panel } from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import {
  carrierName,
  deliveredBy,
  formatDateTime,
  serviceName,
  timelineOf,
  transitText,
  type Viewer,
} from './format';
import { AddressLines, Documents, ItemsList, PaymentTerms, Timeline, Totals } from './order-parts';
import { OrderTitle, StatusChip } from './ui';

/**
 * One order as its customer sees it (and the operators, with the customer's email and their actions):
 * status, timeline, items, address, shipping and tracking, documents and totals.
 */
export function OrderDetail({
  order,
  viewer,
  eyebrow,
  headerActions,
  aside,
  notice,
}: {
  order: OrderDto;
  viewer: Viewer;
  eyebrow: string;
  headerActions?: ReactNode;
  /** Extra panels at the top of the side column (the operators' actions, the customer's cancel). */
  aside?: ReactNode;
  /** A message above the page's panels (e.g. "Order cancelled"). */
  notice?: ReactNode;
}) {
  const carrier = carrierName(order.carrier);
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={<OrderTitle id={order.id} />}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="sr-only">Status:</span>
            <span data-testid="order-status">
              <StatusChip status={order.status} />
            </span>
            <span className="text-sm text-slate-600">
              Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </span>
            {!order.livemode ? (
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Test mode
              </span>
            ) : null}
          </div>
        }
        actions={headerActions}
      />
      <Container className="py-8 sm:py-10">
        {notice ? <div className="mb-6">{notice}</div> : null}
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 space-y-6 lg:col-span-3">
            <Panel id="order-items" title="Items">
              <ItemsList items={order.items} />
              <div className="mt-4 border-t border-slate-200 pt-3">
                <Totals figures={order} live />
              </div>
              <div className="mt-4">
                <PaymentTerms terms={order.payment_terms} />
              </div>
            </Panel>
            <Panel id="order-timeline" title="Timeline">
              <Timeline entries={timelineOf(order.events ?? [], viewer)} />
            </Panel>
          </div>
          <div className="min-w-0 space-y-6 lg:col-span-2">
            {aside}
            {order.customer ? (
              <Panel id="order-customer" title="Customer">
                <p className="break-all text-sm text-slate-800">
                  <a
                    href={`mailto:${order.customer.email}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {order.customer.email}
                  </a>
                </p>
              </Panel>
            ) : null}
            <Panel id="order-delivery" title="Delivery">
              <dl className="space-y-3 text-sm">
                <div>
                  <dt className="font-medium text-slate-900">Shipping to</dt>
                  <dd className="mt-1">
                    <AddressLines address={order.shipping_address} />
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-900">Shipping</dt>
                  <dd className="mt-1 text-slate-700">
                    {order.shipping.carrier_name} {serviceName(order.shipping.service)} (
                    {transitText(order.shipping.estimated_days)})
                  </dd>
                </div>
                {order.status !== 'cancelled' ? (
                  <div>
                    <dt className="font-medium text-slate-900">Estimated delivery</dt>
                    <dd className="mt-1 text-slate-700">{deliveredBy(order.estimated_delivery)}</dd>
                  </div>
                ) : null}
                {shipped && order.tracking_number ? (
                  <div>
                    <dt className="font-medium text-slate-900">Tracking</dt>
                    <dd className="mt-1 break-all text-slate-700">
                      {carrier ? `${carrier}: ` : null}
                      {order.tracking_url ? (
                        <a
                          href={order.tracking_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-semibold text-brand-700 underline"
                        >
                          {order.tracking_number}
                          <span className="sr-only"> (track the parcel, opens in a new tab)</span>
                        </a>
                      ) : (
                        order.tracking_number
                      )}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </Panel>
            <Panel id="order-documents" title="Documents">
              <Documents documents={order.documents ?? []} />
            </Panel>
          </div>
        </div>
      </Container>
    </>
  );
}
