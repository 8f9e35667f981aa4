import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'calculator', description: 'TODO', path: '/calculator' });

export default function Page() {
  return <h1>calculator</h1>;
}
