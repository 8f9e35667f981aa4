import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'docs', description: 'TODO', path: '/docs' });

export default function Page() {
  return <h1>docs</h1>;
}
