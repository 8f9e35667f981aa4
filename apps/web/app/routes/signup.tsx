import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'signup', description: 'TODO', path: '/signup' });

export default function Page() {
  return <h1>signup</h1>;
}
