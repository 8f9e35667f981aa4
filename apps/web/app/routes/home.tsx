import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'home', description: 'TODO', path: '/home' });

export default function Page() {
  return <h1>home</h1>;
}
