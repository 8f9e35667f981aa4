import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'community', description: 'TODO', path: '/community' });

export default function Page() {
  return <h1>community</h1>;
}
