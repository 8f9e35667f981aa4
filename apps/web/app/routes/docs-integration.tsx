import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'docs-integration', description: 'TODO', path: '/docs-integration' });

export default function Page() {
  return <h1>docs-integration</h1>;
}
