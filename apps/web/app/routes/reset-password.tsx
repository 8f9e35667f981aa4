import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'reset-password', description: 'TODO', path: '/reset-password' });

export default function Page() {
  return <h1>reset-password</h1>;
}
