import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { OpsOrdersView } from '../features/orders/OpsOrdersView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/ops-orders';

export const meta = () =>
  pageMeta({
    title: 'Orders console',
    description: 'Every order of the farm, for its operators.',
    path: paths.opsOrders,
    noindex: true,
  });

export default function OpsOrdersPage() {
  return <OpsOrdersView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
