import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'terms', description: 'TODO', path: '/terms' });

export default function Page() {
  return <h1>terms</h1>;
}
