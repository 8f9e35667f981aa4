import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'status', description: 'TODO', path: '/status' });

export default function Page() {
  return <h1>status</h1>;
}
