import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'login', description: 'TODO', path: '/login' });

export default function Page() {
  return <h1>login</h1>;
}
