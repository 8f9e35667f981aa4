import { NotFoundContent } from '../components/layout/NotFoundContent';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
    path: '/404',
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
