import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../../config/paths';
import { NotFoundContent } from './NotFoundContent';

/**
 * A route's error boundary: the page fails on its own, inside the shell (navbar and footer stay), with
 * a way on. Nothing of the error's text is shown except a route response's status.
 */
export function RouteError({
  error,
  title = 'This page could not be shown',
}: {
  error: unknown;
  title?: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">
        Something went wrong while showing this page. Please reload it or try again in a moment.
      </p>
      <p className="mt-6">
        <Link to={paths.home} className="font-semibold text-brand-700 underline">
          Back to home
        </Link>
      </p>
    </section>
  );
}
