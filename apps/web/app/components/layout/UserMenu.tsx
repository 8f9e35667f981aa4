import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Account entry in the navbar. Accounts arrive with the calculator; until then a sign-in link. */
export function UserMenu() {
  return (
    <Link to={paths.login} className="text-sm font-medium text-slate-700 hover:text-brand-700">
      Sign in
    </Link>
  );
}
