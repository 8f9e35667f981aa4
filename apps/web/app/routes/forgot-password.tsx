import { paths } from '../config/paths';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Forgot password',
    description: 'Request a link to reset the password of your PrintLoop account.',
    path: paths.forgotPassword,
    noindex: true,
  });

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
