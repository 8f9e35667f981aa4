import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { OrdersListView } from '../features/orders/OrdersListView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/orders';

export const meta = () =>
  pageMeta({
    title: 'My orders',
    description: 'Your PrintLoop orders: status, totals, delivery dates and documents.',
    path: paths.orders,
    noindex: true,
  });

export default function OrdersPage() {
  return <OrdersListView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
