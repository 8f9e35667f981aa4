import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { DevelopersView } from '../features/developers/DevelopersView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/developers';

export const meta = () =>
  pageMeta({
    title: 'Developers: API keys and webhooks',
    description:
      'Create, copy and revoke your PrintLoop API keys, and add webhook endpoints that receive your order events, test and live.',
    path: paths.developers,
    noindex: true,
  });

export default function DevelopersPage() {
  return <DevelopersView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
