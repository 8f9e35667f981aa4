import { RouteError } from '../components/layout/RouteError';
import { paths } from '../config/paths';
import { ImportView } from '../features/integrations/ImportView';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/csv-import';

export const meta = () =>
  pageMeta({
    title: 'Import orders from a CSV',
    description:
      'Import an order CSV from Amazon, Etsy, eBay or any other marketplace: every row checked before anything is placed.',
    path: paths.csvImport,
    noindex: true,
  });

export default function CsvImportPage() {
  return <ImportView />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
