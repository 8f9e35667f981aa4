import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ title: 'forgot-password', description: 'TODO', path: '/forgot-password' });

export default function Page() {
  return <h1>forgot-password</h1>;
}
