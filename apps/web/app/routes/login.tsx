import { paths } from '../config/paths';
import { LoginForm } from '../features/auth/LoginForm';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Sign in',
    description: 'Sign in to PrintLoop to upload 3D models, get instant quotes and keep your saved quotes.',
    path: paths.login,
    noindex: true,
  });

export default function LoginPage() {
  return <LoginForm />;
}
