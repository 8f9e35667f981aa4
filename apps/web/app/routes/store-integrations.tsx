import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { IntegrationsView } from '../features/integrations/IntegrationsView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/store-integrations';

export const meta = () =>
  pageMeta({
    title: 'Store connections',
    description:
      'Connect your Shopify or WooCommerce store to PrintLoop, map its SKUs to your products, and see its orders and tracking.',
    path: paths.storeIntegrations,
    noindex: true,
  });

export default function StoreIntegrationsPage() {
  return <IntegrationsView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
