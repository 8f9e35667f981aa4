import { Link } from 'react-router';
import { RouteError } from '../components/layout/RouteError';
import { Container } from '../components/ui/layout';
import { paths } from '../config/paths';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/checkout-shell';

export const meta = () =>
  pageMeta({
    title: 'Checkout',
    description:
      'Place an order for a saved quote: delivery address, shipping option and the total with VAT.',
    path: paths.checkout,
    noindex: true,
  });

/** `/checkout` without a quote: orders start from a saved quote in the calculator. */
export default function CheckoutShellPage() {
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Checkout</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Choose a quote to order
        </h1>
        <p className="mt-4 text-slate-700">
          Orders start from a saved quote: get a price in the calculator, save it, then press 'Order'.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.calculator}
            className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Go to the calculator
          </Link>
          <Link
            to={paths.orders}
            className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            My orders
          </Link>
        </div>
      </div>
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
