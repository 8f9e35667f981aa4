import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { OpsMessagesView } from '../features/orders/OpsMessagesView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/ops-messages';

export const meta = () =>
  pageMeta({
    title: 'Messages (console)',
    description: "Messages sent through the contact form, for the farm's operators.",
    path: paths.opsMessages,
    noindex: true,
  });

export default function OpsMessagesPage() {
  return <OpsMessagesView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
