import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'dashboard', description: 'TODO', path: '/dashboard' });

export default function Page() {
  return <h1>dashboard</h1>;
}
