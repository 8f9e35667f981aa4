import { RouteError } from '../components/layout/RouteError';
import { orderPath } from '../config/paths';
import { CustomerOrderView } from '../features/orders/CustomerOrderView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/order';

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta({
    title: `Order ${params.id}`,
    description: 'An order: its status, timeline, tracking, documents and totals.',
    path: orderPath(params.id),
    noindex: true,
  });

export default function OrderPage({ params }: Route.ComponentProps) {
  return <CustomerOrderView key={params.id} id={params.id} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
