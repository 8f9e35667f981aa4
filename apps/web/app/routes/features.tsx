import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'features', description: 'TODO', path: '/features' });

export default function Page() {
  return <h1>features</h1>;
}
