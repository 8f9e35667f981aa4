import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'shipping', description: 'TODO', path: '/shipping' });

export default function Page() {
  return <h1>shipping</h1>;
}
