import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'product', description: 'TODO', path: '/product' });

export default function Page() {
  return <h1>product</h1>;
}
