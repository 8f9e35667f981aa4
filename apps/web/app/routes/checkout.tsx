import { RouteError } from '../components/layout/RouteError';
import { checkoutPath } from '../config/paths';
import { CheckoutView } from '../features/orders/CheckoutView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/checkout';

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta({
    title: 'Checkout',
    description:
      'Place an order for a saved quote: delivery address, shipping option and the total with VAT.',
    path: checkoutPath(params.quoteId),
    noindex: true,
  });

export default function CheckoutPage({ params }: Route.ComponentProps) {
  return <CheckoutView key={params.quoteId} quoteId={params.quoteId} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
