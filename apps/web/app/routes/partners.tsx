import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'partners', description: 'TODO', path: '/partners' });

export default function Page() {
  return <h1>partners</h1>;
}
