import { paths } from '../config/paths';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Reset password',
    description: 'Choose a new password for your PrintLoop account.',
    path: paths.resetPassword,
    noindex: true,
  });

export default function ResetPasswordPage() {
  return <ResetPasswordForm />;
}
