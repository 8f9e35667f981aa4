import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'cookies', description: 'TODO', path: '/cookies' });

export default function Page() {
  return <h1>cookies</h1>;
}
