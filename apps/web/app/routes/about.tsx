import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'about', description: 'TODO', path: '/about' });

export default function Page() {
  return <h1>about</h1>;
}
