import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'integrations', description: 'TODO', path: '/integrations' });

export default function Page() {
  return <h1>integrations</h1>;
}
