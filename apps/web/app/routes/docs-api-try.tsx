import { Link } from 'react-router';
import { RouteError } from '../components/layout/RouteError';
import { Container } from '../components/ui/layout';
import { paths } from '../config/paths';
import { InteractiveReference } from '../features/docs/InteractiveReference';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/docs-api-try';

export const meta = () =>
  pageMeta({
    title: 'Try the API',
    description:
      'The PrintLoop API in your browser: paste a test key and send real requests to every endpoint of the OpenAPI document.',
    path: paths.apiTry,
    noindex: true,
  });

const link = 'font-semibold text-brand-700 underline hover:text-brand-800';

export default function ApiTry() {
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-8 sm:py-10">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">API reference</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Try the API
          </h1>
          <div className="mt-3 max-w-3xl space-y-2 text-slate-700">
            <p>
              Pick an operation, paste a <strong>test key</strong> (
              <code className="font-mono">pl_test_…</code>) as the bearer token and send the request: it goes
              from your browser to this server. Test keys see only test objects and never print or charge
              anything.
            </p>
            <p>
              No key yet? Create one in{' '}
              <Link to={paths.developers} className={link}>
                Developers
              </Link>
              . Every field and error is also in the{' '}
              <Link to={paths.apiReference} className={link}>
                API reference
              </Link>
              .
            </p>
          </div>
        </Container>
      </section>
      <InteractiveReference />
      <noscript>
        <Container className="py-10">
          <p>
            The interactive reference needs JavaScript. The{' '}
            <a href={paths.apiReference} className={link}>
              API reference
            </a>{' '}
            works without it.
          </p>
        </Container>
      </noscript>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
