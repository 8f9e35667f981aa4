import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { OpsAccountsView } from '../features/orders/OpsAccountsView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/ops-accounts';

export const meta = () =>
  pageMeta({
    title: 'Accounts (console)',
    description: "Customer accounts and their invoice terms, for the farm's operators.",
    path: paths.opsAccounts,
    noindex: true,
  });

export default function OpsAccountsPage() {
  return <OpsAccountsView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
