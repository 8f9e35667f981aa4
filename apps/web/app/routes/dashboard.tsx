import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useAccount } from '../features/auth/account';
import { useSession } from '../features/auth/session';
import { DashboardView, type DashboardViewer } from '../features/dashboard/DashboardView';
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
  const account = useAccount();
  const session = useSession();
  // Signed in but the account not known yet: wait, so a customer never asks for the farm's routes.
  const viewer: DashboardViewer =
    session.status === 'signed-out'
      ? 'visitor'
      : session.status === 'signed-in' && account
        ? account.operator
          ? 'operator'
          : 'customer'
        : 'unknown';
  return (
    <DashboardView
      viewer={viewer}
      links={
        session.status === 'signed-in' ? (
          <>
            {account?.operator ? (
              <Link
                to={paths.opsOrders}
                className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Open the orders console
              </Link>
            ) : (
              <Link
                to={paths.orders}
                className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                My orders
              </Link>
            )}
            <Link
              to={paths.developers}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Developers: API keys
            </Link>
          </>
        ) : null
      }
    />
  );
}
