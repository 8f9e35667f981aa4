import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'docs-api', description: 'TODO', path: '/docs-api' });

export default function Page() {
  return <h1>docs-api</h1>;
}
