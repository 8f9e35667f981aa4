import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'support', description: 'TODO', path: '/support' });

export default function Page() {
  return <h1>support</h1>;
}
