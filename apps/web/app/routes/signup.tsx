import { paths } from '../config/paths';
import { SignupForm } from '../features/auth/SignupForm';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Create an account',
    description:
      'Create a free PrintLoop account to save instant quotes, re-price them at any time and order prints.',
    path: paths.signup,
    noindex: true,
  });

export default function SignupPage() {
  return <SignupForm />;
}
