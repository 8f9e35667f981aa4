import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'how-it-works', description: 'TODO', path: '/how-it-works' });

export default function Page() {
  return <h1>how-it-works</h1>;
}
