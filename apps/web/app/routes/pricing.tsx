import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'pricing', description: 'TODO', path: '/pricing' });

export default function Page() {
  return <h1>pricing</h1>;
}
