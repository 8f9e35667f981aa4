import { RouteError } from '../components/layout/RouteError';
import { opsOrderPath } from '../config/paths';
import { OpsOrderView } from '../features/orders/OpsOrderView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/ops-order';

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta({
    title: `Order ${params.id} (console)`,
    description: "One order in the operators' console: its lifecycle actions.",
    path: opsOrderPath(params.id),
    noindex: true,
  });

export default function OpsOrderPage({ params }: Route.ComponentProps) {
  return <OpsOrderView key={params.id} id={params.id} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
