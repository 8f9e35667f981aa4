import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'contact', description: 'TODO', path: '/contact' });

export default function Page() {
  return <h1>contact</h1>;
}
