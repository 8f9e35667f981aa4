import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'blog', description: 'TODO', path: '/blog' });

export default function Page() {
  return <h1>blog</h1>;
}
