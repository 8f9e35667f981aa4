import { paths } from '../config/paths';
import { DashboardView } from '../features/dashboard/DashboardView';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Production Dashboard',
    description:
      'Track PrintLoop orders through printing, packaging and shipping: active orders, printer capacity, stage timing against targets, and daily print volume.',
    path: paths.dashboard,
    noindex: true,
  });

export default function Dashboard() {
  return <DashboardView />;
}
