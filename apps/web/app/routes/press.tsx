import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'press', description: 'TODO', path: '/press' });

export default function Page() {
  return <h1>press</h1>;
}
