import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'careers', description: 'TODO', path: '/careers' });

export default function Page() {
  return <h1>careers</h1>;
}
