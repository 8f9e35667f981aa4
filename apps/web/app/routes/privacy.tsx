import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'privacy', description: 'TODO', path: '/privacy' });

export default function Page() {
  return <h1>privacy</h1>;
}
